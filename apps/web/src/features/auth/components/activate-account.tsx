import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { activationFormSchema, messages } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { ResultCard } from '../../../components/result-card';
import { useActivateAccount } from '../api/activate-account';

export interface ActivateAccountProps {
  /** The activation code from the link (last path segment), or null when the link has none. */
  code: string | null;
}

export function ActivateAccount({ code }: ActivateAccountProps) {
  const [accepted, setAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const activate = useActivateAccount();

  if (activate.isSuccess) {
    return (
      <ResultCard
        status="success"
        title="Thank You!"
        actions={
          <Button component={Link} to={paths.main} size="md" fullWidth>
            Go To Gallery
          </Button>
        }
      >
        {messages.activationSucceeded} Your photos are waiting for you.
      </ResultCard>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const check = activationFormSchema.safeParse({ acceptTerms: accepted });
    if (!check.success) {
      setTermsError(check.error.issues[0]?.message ?? messages.activationTermsRequired);
      return;
    }
    setTermsError(null);
    setFailure(null);
    if (!code) {
      setFailure(messages.activationFailed);
      return;
    }
    activate.mutate(code, {
      onError: (error) => {
        if (isApiError(error) && isUnexpectedFailure(error.status)) return;
        setFailure(messages.activationFailed);
      },
    });
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={30}>
          Activate your account
        </Title>
        <Text c="dimmed" mt={6}>
          One last step: accept the terms and conditions to open your gallery.
        </Text>
      </div>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {failure}
            </Alert>
          ) : null}
          <Checkbox
            label="I have read and accept the terms and conditions"
            checked={accepted}
            onChange={(event) => {
              setAccepted(event.currentTarget.checked);
              if (event.currentTarget.checked) setTermsError(null);
            }}
            error={termsError}
          />
          <Button type="submit" size="md" fullWidth loading={activate.isPending}>
            Activate
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
