import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { messages, signupFormSchema, type SignupForm as SignupValues } from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';
import { isApiError } from '../../../lib/api-client';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ResultCard } from '../../../components/result-card';
import { useRegister } from '../api/register';

/** What a failed signup shows: the server's message for a duplicate email (409), else "Signup failed". */
export function signupErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 409 && error.message) return error.message;
  return messages.signupFailed;
}

export function SignupForm() {
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema),
    mode: 'all',
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);
  const [createdFor, setCreatedFor] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || register.isPending;

  const submit = form.handleSubmit(async (values) => {
    if (register.isPending) return;
    setFailure(null);
    try {
      await register.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
      });
      setCreatedFor(values.email);
    } catch (error) {
      // 5xx and network failures also got the client's toast; the form still says what failed.
      setFailure(signupErrorMessage(error));
    }
  });

  if (createdFor) {
    return (
      <ResultCard
        status="success"
        title={messages.accountCreated}
        actions={
          <Button component={Link} to={paths.login} size="md" fullWidth>
            Go to Login Page
          </Button>
        }
      >
        We have sent an activation link to <strong>{createdFor}</strong>. Please check your email and open the
        link to activate your account.
      </ResultCard>
    );
  }

  return (
    <Stack gap="lg">
      <FormHeading title="Create your account" description="Keep your headshots, favourites and orders in one place." />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First Name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextInput
              label="Last Name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <NewPasswordFields
            form={form}
            name="password"
            label="Password"
            confirmName="confirmPassword"
            confirmLabel="Confirm Password"
          />
          <Button type="submit" size="md" fullWidth loading={busy} disabled={busy}>
            Create Account
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Login
        </Anchor>
      </Text>
    </Stack>
  );
}
