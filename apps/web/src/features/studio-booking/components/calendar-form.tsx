import { useMemo, useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_STUDIO_TIME_ZONE, type StudioCalendarRequest, studioCalendarRequest } from '@studio-gallery/contract';
import { Controller, useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioCalendar, useCreateCalendar, useUpdateCalendar } from '../api/calendars';

/** The IANA zones this browser knows, for the picker (the server checks the zone again). */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [DEFAULT_STUDIO_TIME_ZONE];
  return zones.includes(current) ? zones : [current, ...zones];
}

export interface CalendarFormProps {
  /** Edit this calendar; without it, create one. */
  calendar?: Pick<StudioCalendar, 'id' | 'name' | 'location' | 'timeZone'>;
  onDone?: () => void;
}

/** A calendar's name, location and time zone: POST /studio/calendars, or PUT …/{id} when editing. */
export function CalendarForm({ calendar, onDone }: CalendarFormProps) {
  const empty: StudioCalendarRequest = { name: '', location: '', timeZone: DEFAULT_STUDIO_TIME_ZONE };
  const form = useForm<StudioCalendarRequest>({
    resolver: zodResolver(studioCalendarRequest),
    defaultValues: calendar ? { name: calendar.name, location: calendar.location, timeZone: calendar.timeZone } : empty,
  });
  const create = useCreateCalendar();
  const update = useUpdateCalendar();
  const [failure, setFailure] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(calendar?.timeZone ?? DEFAULT_STUDIO_TIME_ZONE), [calendar?.timeZone]);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (calendar) {
        const saved = await update.mutateAsync({ id: calendar.id, values });
        notifySuccess(`${saved.name} saved.`);
      } else {
        const saved = await create.mutateAsync(values);
        notifySuccess(`Calendar ${saved.name} created. Set its opening hours next.`);
        form.reset(empty);
      }
      onDone?.();
    } catch (error) {
      setFailure(errorMessage(error, 'The calendar could not be saved. Try again.'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={calendar ? `Edit ${calendar.name}` : 'New calendar'}>
      <Stack gap="sm">
        <FormErrorAlert message={failure} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Name" placeholder="Booth 1" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
          <TextInput label="Location" placeholder="120 W Madison St, Chicago" autoComplete="off" error={errors.location?.message} {...form.register('location')} />
          <Controller
            control={form.control}
            name="timeZone"
            render={({ field }) => (
              <Select
                size="md"
                label="Time zone"
                searchable
                data={zones}
                value={field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                allowDeselect={false}
                limit={50}
                error={errors.timeZone?.message}
              />
            )}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          {onDone && calendar ? (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending || update.isPending}>
            {calendar ? 'Save calendar' : 'Create calendar'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
