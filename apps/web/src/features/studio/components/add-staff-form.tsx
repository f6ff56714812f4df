import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { studioStaffRequest, type StudioStaffRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSetStaffRole } from '../api/set-staff-role';

const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff' },
  { value: 'admin', label: 'Admin' },
];

/**
 * Add staff by email with a role (POST /studio/staff): an existing account gets the role, a new
 * address is invited by mail to set a password.
 */
export function AddStaffForm() {
  const form = useForm<StudioStaffRequest>({
    resolver: zodResolver(studioStaffRequest),
    defaultValues: { email: '', role: 'staff' },
  });
  const setRole = useSetStaffRole();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await setRole.mutateAsync(values);
      const role = result.user.role === 'admin' ? 'an admin' : 'staff';
      notifySuccess(result.invited ? `Invitation sent to ${result.user.email} (${role}).` : `${result.user.email} is now ${role}.`);
      form.reset({ email: '', role: values.role });
    } catch (error) {
      setFailure(errorMessage(error, 'The staff member could not be added. Try again.'));
    }
  });

  return (
    <Paper withBorder radius="md" p="md">
      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="add-staff-title">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg" id="add-staff-title">
              Add staff
            </Title>
            <Text size="sm" c="dimmed">
              Someone without an account gets an invitation by mail to set a password.
            </Text>
          </div>
          <FormErrorAlert message={failure} />
          <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <TextInput label="Email" type="email" autoComplete="off" placeholder="name@studio.com" description="Their sign-in address" error={errors.email?.message} miw={220} {...form.register('email')} />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  description="Staff do everything but prices, coupons, staff and branding"
                  data={ROLE_OPTIONS}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'staff')}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={errors.role?.message}
                  miw={220}
                />
              )}
            />
          </Group>
          <Group justify="flex-end">
            <Button type="submit" loading={setRole.isPending}>
              Add staff
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
