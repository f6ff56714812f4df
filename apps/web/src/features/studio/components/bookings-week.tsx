import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { useStudioBookings, type StudioBookingItem, type StudioCalendarWeek } from '../api/get-bookings';
import { useStudioToday } from '../api/get-today';
import { addDays, dayMonthLabel, daysFrom, isIsoDate, longDayLabel, mondayOf, todayIn, weekRangeLabel, weekdayLabel } from '../lib/week';
import { EmptyState } from '../../../components/studio/empty-state';
import { LoadFailed } from '../../../components/studio/load-failed';
import classes from './bookings-week.module.css';

const WEEK_DAYS = 7;

function BookingCard({ booking }: { booking: StudioBookingItem }) {
  const cancelled = booking.status === 'cancelled';
  return (
    <Paper withBorder radius="sm" p="xs" className={classes.booking} data-cancelled={cancelled || undefined}>
      <Text size="sm" fw={700} td={cancelled ? 'line-through' : undefined}>
        <time dateTime={booking.time}>{booking.label}</time>
      </Text>
      <Text size="sm" fw={500} lineClamp={2}>
        {booking.customerName}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {booking.typeName}
      </Text>
      {cancelled ? (
        <Badge color="gray" variant="light" size="xs" mt={4}>
          Cancelled
        </Badge>
      ) : null}
    </Paper>
  );
}

function WeekGrid({ week, from, today }: { week: StudioCalendarWeek; from: string; today: string }) {
  const byDate = new Map(week.days.map((day) => [day.date, day.bookings]));
  return (
    <div className={classes.grid} role="list" aria-label={`${week.calendarName}, ${weekRangeLabel(from, WEEK_DAYS)}`}>
      {daysFrom(from, WEEK_DAYS).map((date) => {
        const bookings = byDate.get(date) ?? [];
        const isToday = date === today;
        return (
          <section
            key={date}
            role="listitem"
            className={classes.day}
            data-today={isToday || undefined}
            aria-current={isToday ? 'date' : undefined}
            aria-label={`${longDayLabel(date)}${isToday ? ' (today)' : ''}: ${bookings.length === 0 ? 'no bookings' : `${bookings.length} booking${bookings.length === 1 ? '' : 's'}`}`}
          >
            <div className={classes.dayHeading}>
              <Text size="xs" fw={700} tt="uppercase" c={isToday ? 'var(--mantine-color-brand-text)' : 'dimmed'}>
                {weekdayLabel(date)}
                {isToday ? ' · Today' : ''}
              </Text>
              <Text size="sm" fw={600}>
                {dayMonthLabel(date)}
              </Text>
            </div>
            <Stack gap={6}>
              {bookings.length === 0 ? (
                <Text size="xs" c="dimmed">
                  No bookings
                </Text>
              ) : (
                bookings.map((booking) => <BookingCard key={booking.id} booking={booking} />)
              )}
            </Stack>
          </section>
        );
      })}
    </div>
  );
}

/**
 * Bookings: a week (Monday to Sunday, the studio's wall clock) of one calendar, chosen from the
 * studio's calendars; previous/next week; today highlighted; the time zone named. The week and the
 * calendar are in the address (?from=YYYY-MM-DD&calendar=id), so a reload or a shared link keeps them.
 */
export function BookingsWeek() {
  const [params, setParams] = useSearchParams();
  const today = useStudioToday();
  const fromParam = params.get('from');
  const thisWeek = today.data ? mondayOf(today.data.date) : undefined;
  const from = isIsoDate(fromParam) ? mondayOf(fromParam) : thisWeek;
  const bookings = useStudioBookings({ from: from ?? '', days: WEEK_DAYS }, from !== undefined);

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === 'calendar' },
    );

  if (today.isError && !from) return <LoadFailed what="The studio's date" onRetry={() => void today.refetch()} />;
  if (!from || bookings.isPending) return <FullPageLoader label="Loading the bookings" />;
  if (bookings.isError) return <LoadFailed what="The bookings" onRetry={() => void bookings.refetch()} />;

  const { calendars } = bookings.data;
  if (calendars.length === 0) {
    return <EmptyState title="No calendars yet.">Bookings show here once the studio has a calendar customers can book.</EmptyState>;
  }
  const chosenId = params.get('calendar');
  const week = calendars.find((c) => String(c.calendarId) === chosenId) ?? calendars[0]!;
  // Today as the studio gives it; a calendar kept in another time zone has its own today.
  const weekToday = today.data && today.data.timeZone !== week.timeZone ? todayIn(week.timeZone) : today.data?.date ?? todayIn(week.timeZone);
  const count = week.days.reduce((n, day) => n + day.bookings.filter((b) => b.status === 'booked').length, 0);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label="Calendar"
          data={calendars.map((c) => ({ value: String(c.calendarId), label: c.calendarName }))}
          value={String(week.calendarId)}
          onChange={(value) => setParam('calendar', value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 280 }}
        />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => setParam('from', addDays(from, -WEEK_DAYS))}>
            Previous week
          </Button>
          <Button variant="default" disabled={from === thisWeek} onClick={() => setParam('from', null)}>
            This week
          </Button>
          <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => setParam('from', addDays(from, WEEK_DAYS))}>
            Next week
          </Button>
        </Group>
      </Group>
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg" aria-live="polite">
          {weekRangeLabel(from, WEEK_DAYS)}
        </Title>
        <Text size="sm" c="dimmed">
          {count} booking{count === 1 ? '' : 's'} · times in {week.timeZone}
        </Text>
      </Group>
      <div style={{ opacity: bookings.isPlaceholderData ? 0.6 : 1 }}>
        <WeekGrid week={week} from={from} today={weekToday} />
      </div>
    </Stack>
  );
}
