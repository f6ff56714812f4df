import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { createShootRequest, type CreateShoot, type CreateShootRequest } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { type StudioShoot, useCreateShoot } from '../api/shoots';


/** Who the shoot is for and its session (POST /studio/shoots); then the files are dropped. */
export function NewShootForm({ onCreated }: { onCreated: (shoot: StudioShoot) => void }) {
  const form = useForm<CreateShootRequest, unknown, CreateShoot>({
    resolver: zodResolver(createShootRequest),
    defaultValues: { email: '', firstName: '', lastName: '', sessionName: '', sessionDate: '', invite: true },
  });
  const create = useCreateShoot();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      setFailure(errorMessage(error, 'The upload could not be started. Try again.'));
    }
  });

  return (
    <Paper withBorder radius="md" p="md" maw={760}>
      <form noValidate onSubmit={(event) => void submit(event)} aria-label="New shoot upload">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The photos go into a session of this customer. A new customer gets an account, and an invitation once the photos are in.
          </Text>
          <FormErrorAlert message={failure} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Customer email" type="email" required autoComplete="off" error={errors.email?.message} {...form.register('email')} />
            <TextInput label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register('firstName')} />
            <TextInput label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register('lastName')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Session name" required placeholder="Acme headshot day" error={errors.sessionName?.message} {...form.register('sessionName')} />
            <TextInput label="Session date" type="date" description="Empty: today" error={errors.sessionDate?.message} {...form.register('sessionDate')} />
          </SimpleGrid>
          <Checkbox label="Mail the customer an invitation when the photos are in (if they have not activated their account)" {...form.register('invite')} />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Continue to the photos
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
