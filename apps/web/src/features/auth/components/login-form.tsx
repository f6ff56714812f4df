import { useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginFormErrors, messages, type LoginForm as LoginValues } from '@studio-gallery/contract';
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

type LoginField = keyof LoginValues;

/**
 * The login form checks with the contract's loginFormErrors, without a form library or zod (both
 * would be a sixth of the customer's first screen). As react-hook-form's `onTouched` mode did: a
 * field's error shows from its first blur and then follows every change; a submit shows every
 * field's and focuses the first field in error.
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  /** What ran the last validation: a field edit or the submit button. */
  const [trigger, setTrigger] = useState<'field' | 'submit'>('field');
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  /** The fields whose error shows: blurred once, or all after a submit. */
  const [checked, setChecked] = useState<ReadonlySet<LoginField>>(new Set());
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const authenticate = useAuthenticate();
  const authConfig = useAuthConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const fieldErrors = loginFormErrors(values);
  const errorOf = (field: LoginField) => (checked.has(field) ? loginFieldMessage(fieldErrors[field], trigger) : undefined);
  const fieldProps = (field: LoginField) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setTrigger('field');
      setValues((current) => ({ ...current, [field]: value }));
    },
    onBlur: () => {
      setTrigger('field');
      if (!checked.has(field)) setChecked(new Set([...checked, field]));
    },
    error: errorOf(field),
  });

  const submit = async () => {
    setTrigger('submit');
    setChecked(new Set<LoginField>(['email', 'password']));
    const invalid = (['email', 'password'] as const).find((field) => fieldErrors[field]);
    if (invalid) {
      (invalid === 'email' ? emailInput : passwordInput).current?.focus();
      return;
    }
    setFailure(null);
    try {
      await authenticate.mutateAsync({ email: values.email.trim(), password: values.password });
      notifyPassing(messages.validCredentials);
      onSignedIn();
    } catch (error) {
      setFailure(loginErrorMessage(error));
    }
  };

  const googleClientId = authConfig.data?.googleClientId ?? null;

  return (
    <Stack gap="lg">
      <FormHeading title="Welcome back" description="Log in to see, download and share your photos." />

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            ref={emailInput}
            {...fieldProps('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            ref={passwordInput}
            {...fieldProps('password')}
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
