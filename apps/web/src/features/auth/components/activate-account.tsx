import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Stack } from '@mantine/core';
import { activationFormSchema, messages } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';
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
    // Accounts the studio created (or signed up for twice) have no password yet: offer to set one now.
    const setPasswordKey = activate.data.setPasswordKey;
    // A studio member (invited as staff or admin) goes on to the dashboard, not to a gallery.
    const studioMember = activate.data.user?.role === 'staff' || activate.data.user?.role === 'admin';
    return (
      <ResultCard
        status="success"
        title="Thank You!"
        actions={
          <Stack gap="sm" w="100%">
            {setPasswordKey ? (
              <Button component={Link} to={paths.resetFinishWithKey(setPasswordKey)} size="md" fullWidth>
                Set Your Password
              </Button>
            ) : null}
            <Button component={Link} to={studioMember ? paths.studio : paths.main} size="md" fullWidth variant={setPasswordKey ? 'default' : 'filled'}>
              {studioMember ? 'Open the Studio Dashboard' : 'Go To Gallery'}
            </Button>
          </Stack>
        }
      >
        {messages.activationSucceeded} {studioMember ? 'The studio dashboard is ready for you.' : 'Your photos are waiting for you.'}
        {setPasswordKey ? ' Choose a password so you can sign in again next time.' : null}
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
      <FormHeading
        title="Activate your account"
        description="One last step: accept the terms and conditions to open your gallery."
      />
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
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
