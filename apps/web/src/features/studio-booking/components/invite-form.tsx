import { useState } from 'react';
import { Alert, Button, CopyButton, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { studioInviteRequest } from '@studio-gallery/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import type { StudioAppointmentTypes } from '../api/appointment-types';
import { type StudioInvite, useCreateInvite } from '../api/invites';

type InviteForm = z.input<typeof studioInviteRequest>;
type InviteValues = z.output<typeof studioInviteRequest>;

const EMPTY: InviteForm = { email: '', name: '', appointmentTypeId: undefined as unknown as number, calendarIds: [], expiresInDays: 30 };

/** The link of an invite with a button that copies it. */
export function InviteLink({ link }: { link: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {link}
      </Text>
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button size="compact-sm" variant={copied ? 'light' : 'default'} color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/**
 * Invite a customer to book (POST /studio/appointment-invites, as `npm run studio -- invite`): their
 * email (a new customer is created, with the optional name), the type, where (none chosen: every active
 * calendar) and for how long. The link is mailed; the new invite's link shows here with a copy button.
 */
export function InviteForm({ options }: { options: StudioAppointmentTypes }) {
  const form = useForm<InviteForm, unknown, InviteValues>({ resolver: zodResolver(studioInviteRequest), defaultValues: EMPTY });
  const create = useCreateInvite();
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<StudioInvite | null>(null);
  const { errors } = form.formState;
  const types = options.types.filter((t) => t.active);
  const calendars = options.calendars.filter((c) => c.active);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    setCreated(null);
    try {
      const invite = await create.mutateAsync(values);
      setCreated(invite);
      notifySuccess(`Invite sent to ${invite.customer.email}.`);
      form.reset(EMPTY);
    } catch (error) {
      setFailure(errorMessage(error, 'The invite could not be sent. Try again.'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="New invite">
      <Stack gap="sm">
        <FormErrorAlert message={failure} />
        {created ? (
          <Alert color="teal" variant="light" title={`Invite mailed to ${created.customer.email}`}>
            <Stack gap={4}>
              <Text size="sm">They can book with this link{created.expiresAt ? ` until ${created.expiresAt.slice(0, 10)}` : ''}:</Text>
              <InviteLink link={created.link} />
            </Stack>
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Customer email" type="email" autoComplete="off" placeholder="name@example.com" error={errors.email?.message} {...form.register('email')} />
          <TextInput label="Name (optional)" autoComplete="off" placeholder="First Last" error={errors.name?.message} {...form.register('name')} />
          <Controller
            control={form.control}
            name="appointmentTypeId"
            render={({ field }) => (
              <Select
                size="md"
                label="Appointment type"
                placeholder={types.length ? 'Choose a type' : 'No active appointment types'}
                data={types.map((t) => ({ value: String(t.id), label: `${t.name} (${t.durationMinutes} min)` }))}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                onBlur={field.onBlur}
                error={errors.appointmentTypeId ? 'Choose the appointment type.' : undefined}
              />
            )}
          />
          <Controller
            control={form.control}
            name="calendarIds"
            render={({ field }) => (
              <MultiSelect
                size="md"
                label="Calendars"
                placeholder={field.value?.length ? undefined : 'Every active calendar'}
                data={calendars.map((c) => ({ value: String(c.id), label: `${c.name} · ${c.location}` }))}
                value={(field.value ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                onBlur={field.onBlur}
                clearable
              />
            )}
          />
          <Controller
            control={form.control}
            name="expiresInDays"
            render={({ field }) => (
              <NumberInput
                size="md"
                label="Link works for"
                description="Days; 0: never expires"
                suffix=" days"
                allowDecimal={false}
                min={0}
                max={365}
                value={Number.isNaN(field.value) ? '' : (field.value ?? '')}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                error={errors.expiresInDays ? 'Enter a whole number of days from 0 to 365.' : undefined}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} disabled={types.length === 0}>
            Send invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
