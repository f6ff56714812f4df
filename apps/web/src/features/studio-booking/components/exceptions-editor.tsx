import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { calendarExceptionRequest, type CalendarException } from '@studio-gallery/contract';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioCalendar, useDeleteCalendarException, useSetCalendarException } from '../api/calendars';
import { TimeRangesFields } from './time-ranges-fields';

type ExceptionForm = z.input<typeof calendarExceptionRequest>;
type ExceptionValues = z.output<typeof calendarExceptionRequest>;

let dayFormat: Intl.DateTimeFormat | undefined;

/** "Thu 24 Dec 2026" of a wall-clock date. */
export function exceptionDayLabel(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return date;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(day);
}

function exceptionSummary(exception: CalendarException): string {
  if (exception.kind === 'closed') return exception.ranges.length ? `Closed ${exception.ranges.map((r) => `${r.from}–${r.to}`).join(', ')}` : 'Closed all day';
  return `Open ${exception.ranges.map((r) => `${r.from}–${r.to}`).join(', ')}`;
}

/**
 * A calendar's date exceptions: the upcoming ones with a remove button, and a form to close a date or
 * open it at extra hours (POST /studio/calendars/{id}/exceptions; one per date, a new one replaces it).
 */
export function ExceptionsEditor({ calendar }: { calendar: Pick<StudioCalendar, 'id' | 'name' | 'exceptions'> }) {
  const form = useForm<ExceptionForm, unknown, ExceptionValues>({
    resolver: zodResolver(calendarExceptionRequest),
    defaultValues: { date: '', kind: 'closed', ranges: [] },
  });
  const save = useSetCalendarException();
  const remove = useDeleteCalendarException();
  const [failure, setFailure] = useState<string | null>(null);
  const kind = useWatch({ control: form.control, name: 'kind' });
  const { errors } = form.formState;
  // A rule about the ranges as a whole (none on an open day): react-hook-form keeps it at the field array's root.
  const rangesError = errors.ranges?.root?.message ?? errors.ranges?.message;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: calendar.id, exception: values });
      notifySuccess(`${exceptionDayLabel(values.date)}: ${values.kind === 'closed' ? 'closed all day' : `open ${values.ranges.map((r) => `${r.from}–${r.to}`).join(', ')}`}.`);
      form.reset({ date: '', kind: 'closed', ranges: [] });
    } catch (error) {
      setFailure(errorMessage(error, 'The exception could not be saved. Try again.'));
    }
  });

  const removeException = async (date: string) => {
    setFailure(null);
    try {
      await remove.mutateAsync({ id: calendar.id, date });
      notifySuccess(`${exceptionDayLabel(date)} follows the weekly hours again.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The exception could not be removed. Try again.'));
    }
  };

  return (
    <Stack gap="sm">
      <div>
        <Title order={3} fz="md">
          Closed days and extra hours
        </Title>
        <Text size="xs" c="dimmed">
          Holidays, or a day open at other hours than its weekday.
        </Text>
      </div>
      <FormErrorAlert message={failure} />
      {calendar.exceptions.length === 0 ? (
        <Text size="sm" c="dimmed">
          No upcoming exceptions.
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Exceptions of ${calendar.name}`}>
          {calendar.exceptions.map((exception) => (
            <Group key={exception.date} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Group gap="xs">
                <Text size="sm" fw={600}>
                  {exceptionDayLabel(exception.date)}
                </Text>
                <Badge variant="light" color={exception.kind === 'closed' ? 'red' : 'teal'}>
                  {exceptionSummary(exception)}
                </Badge>
              </Group>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove the exception of ${exceptionDayLabel(exception.date)}`}
                loading={remove.isPending && remove.variables?.date === exception.date}
                onClick={() => void removeException(exception.date)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Add an exception to ${calendar.name}`}>
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <TextInput type="date" label="Date" size="sm" w={170} error={errors.date?.message} {...form.register('date')} />
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`exception-kind-${calendar.id}`}>
                    That day
                  </Text>
                  <SegmentedControl
                    size="sm"
                    aria-labelledby={`exception-kind-${calendar.id}`}
                    data={[
                      { value: 'closed', label: 'Closed' },
                      { value: 'open', label: 'Open at' },
                    ]}
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value);
                      form.setValue('ranges', value === 'open' ? [{ from: '10:00', to: '14:00' }] : []);
                    }}
                  />
                </Stack>
              )}
            />
            {kind === 'open' ? (
              <TimeRangesFields control={form.control} register={form.register} name="ranges" label="That day" errors={errors.ranges} emptyText="Add the hours it opens." />
            ) : null}
            <Button type="submit" variant="light" loading={save.isPending}>
              Add exception
            </Button>
          </Group>
          {rangesError ? (
            <Text size="xs" c="red">
              {rangesError}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
