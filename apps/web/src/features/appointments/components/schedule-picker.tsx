import { useState } from 'react';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { appointmentMessages } from '@studio-gallery/contract';
import { errorMessage } from '../../../lib/api-client';
import { useAvailableDays } from '../api/get-available-days';
import { useAvailableTimes, type TimeSlot } from '../api/get-available-times';
import { firstSelectableDay, formatCalendarDay, groupByDayPart, monthOf, timeZoneNote } from '../lib/appointment-time';
import classes from './appointment.module.css';

export interface SchedulePickerProps {
  appointmentTypeId: number;
  calendarId: number;
  /** The studio's zone: times are its wall clock. */
  timeZone: string;
  /** Last bookable day, YYYY-MM-DD. */
  lastBookableDate: string;
  date: string | null;
  onDateChange: (date: string | null) => void;
  slot: TimeSlot | null;
  onSlotChange: (slot: TimeSlot | null) => void;
  /** The day whose month the calendar opens on (a booking being moved), YYYY-MM-DD; else today's month. */
  openOn?: string | null;
  /** Now, for tests. */
  now?: Date;
}

function nextMonthStart(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const next = new Date(Date.UTC(y!, m!, 1));
  return next.toISOString().slice(0, 10);
}

/** Pick a day (days without a free slot greyed out, per visible month) and then one of its times. */
export function SchedulePicker(props: SchedulePickerProps) {
  const { appointmentTypeId, calendarId, timeZone, lastBookableDate, date, onDateChange, slot, onSlotChange, openOn = null, now } = props;
  const minDay = firstSelectableDay(now);
  const [shown, setShown] = useState<string>(() => `${monthOf(date ?? (openOn && openOn > minDay ? openOn : minDay))}-01`);
  // Until the customer turns a page, a month without a free day gives way to the next (up to the last bookable one).
  const [findingFreeMonth, setFindingFreeMonth] = useState(true);
  const month = monthOf(shown);
  const days = useAvailableDays({ appointmentTypeId, calendarId, month });
  const free = new Set(days.data?.month === month ? days.data.days : []);
  const monthLoaded = days.data?.month === month && !days.isPlaceholderData;
  const skipToNextMonth = findingFreeMonth && monthLoaded && free.size === 0 && month < monthOf(lastBookableDate);
  // Adjusted while rendering (React's pattern for state derived from what was rendered), not in an effect.
  if (skipToNextMonth) setShown(nextMonthStart(month));
  const times = useAvailableTimes(date ? { appointmentTypeId, calendarId, appointmentDate: date } : null);

  return (
    <div className={classes.pickerGrid}>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Choose a date
        </Title>
        <DatePicker
          value={date}
          onChange={(value) => {
            onDateChange(value);
            onSlotChange(null);
          }}
          date={shown}
          onDateChange={(value) => {
            setFindingFreeMonth(false);
            setShown(value);
          }}
          minDate={minDay}
          maxDate={lastBookableDate}
          excludeDate={(day) => !free.has(day)}
          maxLevel="month"
          hideOutsideDates
          fullWidth
          size="md"
          aria-label="Appointment date"
          nextLabel="Next month"
          previousLabel="Previous month"
        />
        {days.isFetching && !monthLoaded ? (
          <Text size="sm" c="dimmed" role="status">
            Checking free days…
          </Text>
        ) : days.isError ? (
          <Alert color="red" variant="light">
            {errorMessage(days.error, 'Could not load the free days. Please try again.')}
          </Alert>
        ) : monthLoaded && free.size === 0 ? (
          <Text size="sm" c="dimmed">
            No free days this month; please try the next month.
          </Text>
        ) : null}
      </Stack>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          {date ? `Times on ${formatCalendarDay(date)}` : 'Choose a time'}
        </Title>
        <Text size="sm" c="dimmed">
          {timeZoneNote(timeZone)}
        </Text>
        <SlotList
          date={date}
          timeZone={timeZone}
          slots={times.data}
          loading={times.isPending && date !== null}
          error={times.isError ? errorMessage(times.error, 'Could not load the times. Please try again.') : null}
          value={slot}
          onChange={onSlotChange}
        />
      </Stack>
    </div>
  );
}

interface SlotListProps {
  date: string | null;
  timeZone: string;
  slots: TimeSlot[] | undefined;
  loading: boolean;
  error: string | null;
  value: TimeSlot | null;
  onChange: (slot: TimeSlot) => void;
}

function SlotList({ date, timeZone, slots, loading, error, value, onChange }: SlotListProps) {
  if (!date) return <Text c="dimmed">Pick a date to see its free times.</Text>;
  if (loading) return <Loader size="sm" type="dots" aria-label="Loading times" />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {error}
      </Alert>
    );
  }
  if (!slots || slots.length === 0) return <Text role="status">{appointmentMessages.noTimeslot}</Text>;
  return (
    <Stack gap="md">
      {groupByDayPart(slots, timeZone).map(({ part, slots: group }) => (
        <div key={part} role="group" aria-label={part}>
          <Text fw={600} size="sm" mb={6}>
            {part}
          </Text>
          <div className={classes.slots}>
            {group.map((slot) => {
              const selected = value?.time === slot.time;
              return (
                <Button
                  key={slot.time}
                  className={classes.slot}
                  variant={selected ? 'filled' : 'default'}
                  aria-pressed={selected}
                  onClick={() => onChange(slot)}
                >
                  {slot.label}
                </Button>
              );
            })}
          </div>
        </div>
      ))}
    </Stack>
  );
}
