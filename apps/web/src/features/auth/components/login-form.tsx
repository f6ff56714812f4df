import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginFormSchema, messages, type LoginForm as LoginValues } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';
import { isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { PasswordField } from '../../../components/password-field';
import { notifyPassing } from '../../../lib/notify';
import { useAuthenticate } from '../api/authenticate';
import { useAuthConfig } from '../api/get-auth-config';
import { GoogleSignIn } from './google-sign-in';

/**
 * The login rules of spec §5 have two wordings. While typing (blur/change) a blank or bad email
 * reads "Please enter Valid Email Address" and a blank password "Password cannot be blank";
 * submitting with empty fields reads "Email is required" / "Password is required". The schema
 * gives the submit wording; this maps it to the field wording when a field edit triggered it.
 */
export function loginFieldMessage(
  message: string | undefined,
  trigger: 'field' | 'submit',
): string | undefined {
  if (!message || trigger === 'submit') return message;
  if (message === messages.emailRequired) return messages.emailInvalidLogin;
  if (message === messages.passwordRequired) return messages.passwordBlank;
  return message;
}

/** What a failed login shows (spec §8): 400/401 the invalid-credentials text, else the server's. */
export function loginErrorMessage(error: unknown): string | null {
  if (!isApiError(error)) return messages.invalidCredentials;
  if (isUnexpectedFailure(error.status)) return null; // the client already showed its toast
  if (error.status === 400 || error.status === 401) return messages.invalidCredentials;
  return error.message || messages.invalidCredentials;
}

export interface LoginFormProps {
  onSignedIn: () => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  /** What ran the last validation: a field edit or the submit button. */
  const [trigger, setTrigger] = useState<'field' | 'submit'>('field');
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const authenticate = useAuthenticate();
  const authConfig = useAuthConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;
  const fieldEvents = { onChange: () => setTrigger('field'), onBlur: () => setTrigger('field') };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authenticate.mutateAsync(values);
      notifyPassing(messages.validCredentials);
      onSignedIn();
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  });

  const googleClientId = authConfig.data?.googleClientId ?? null;

  return (
    <Stack gap="lg">
      <FormHeading title="Welcome back" description="Log in to see, download and share your photos." />

      <form
        noValidate
        onSubmit={(event) => {
          setTrigger('submit');
          void submit(event);
        }}
      >
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={loginFieldMessage(errors.email?.message, trigger)}
            {...form.register('email', fieldEvents)}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            error={loginFieldMessage(errors.password?.message, trigger)}
            {...form.register('password', fieldEvents)}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to={paths.forgotPassword} size="sm" fw={500}>
              Forgot Password
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={authenticate.isPending}>
            Login
          </Button>
        </Stack>
      </form>

      {googleClientId ? (
        <>
          <Divider label="or" labelPosition="center" />
          <GoogleSignIn clientId={googleClientId} onSignedIn={onSignedIn} />
        </>
      ) : null}

      <Text ta="center" size="sm">
        New here?{' '}
        <Anchor component={Link} to={paths.signup} fw={600}>
          Create An Account
        </Anchor>
      </Text>
    </Stack>
  );
}
