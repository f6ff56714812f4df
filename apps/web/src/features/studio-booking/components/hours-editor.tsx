import { useState } from 'react';
import { Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DayHours, type WeekHoursRequest, weekHoursRequest } from '@studio-gallery/contract';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioCalendar, useSetCalendarHours } from '../api/calendars';
import { TimeRangesFields } from './time-ranges-fields';

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Monday to Sunday, each with its ranges (a weekday the answer leaves out is closed). */
function fullWeek(week: DayHours[]): DayHours[] {
  return WEEKDAY_NAMES.map((_, index) => ({ weekday: index + 1, ranges: week.find((d) => d.weekday === index + 1)?.ranges ?? [] }));
}

/**
 * A calendar's weekly opening hours (PUT /studio/calendars/{id}/hours): per weekday its ranges, as
 * many as needed (a lunch break is two ranges); a day without ranges is closed. Saved as a whole week.
 */
export function HoursEditor({ calendar }: { calendar: Pick<StudioCalendar, 'id' | 'name' | 'week' | 'timeZone'> }) {
  const form = useForm<WeekHoursRequest>({ resolver: zodResolver(weekHoursRequest), defaultValues: { days: fullWeek(calendar.week) } });
  const save = useSetCalendarHours();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  const copyMondayToWeekdays = () => {
    const monday = form.getValues('days.0.ranges');
    for (let index = 1; index <= 4; index++) form.setValue(`days.${index}.ranges`, monday.map((r) => ({ ...r })), { shouldDirty: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ id: calendar.id, days: values.days });
      form.reset({ days: fullWeek(saved.week) });
      notifySuccess(`Opening hours of ${calendar.name} saved.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The opening hours could not be saved. Try again.'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={`Opening hours of ${calendar.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <div>
            <Title order={3} fz="md">
              Weekly opening hours
            </Title>
            <Text size="xs" c="dimmed">
              Times in {calendar.timeZone}. A day without hours is closed.
            </Text>
          </div>
          <Button variant="default" size="compact-sm" onClick={copyMondayToWeekdays}>
            Copy Monday to Tue–Fri
          </Button>
        </Group>
        <FormErrorAlert message={failure} />
        <Stack gap={0}>
          {WEEKDAY_NAMES.map((day, index) => (
            <div key={day}>
              {index > 0 ? <Divider my={6} /> : null}
              {/* On a phone the day's hours go under its name when they do not fit beside it. */}
              <Group align="flex-start" gap="sm">
                <Text size="sm" fw={600} w={96} mt={6}>
                  {day}
                </Text>
                <TimeRangesFields
                  control={form.control}
                  register={form.register}
                  name={`days.${index}.ranges`}
                  label={day}
                  errors={errors.days?.[index]?.ranges}
                  emptyText="Closed"
                />
              </Group>
            </div>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
            Save opening hours
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
