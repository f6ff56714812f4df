import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { appointmentMessages } from '@studio-gallery/contract';
import { Link } from 'react-router';
import { ResultCard } from '../../../components/result-card';
import { paths } from '../../../config/paths';
import { useCancelBooking } from '../api/cancel-booking';
import type { Calendar } from '../api/get-calendars';
import type { ManagedBooking } from '../api/get-managed-booking';
import type { TimeSlot } from '../api/get-available-times';
import { useRescheduleBooking } from '../api/reschedule-booking';
import { isPast } from '../lib/appointment-time';
import { BookingDetails } from './booking-details';
import { conflictMessage } from './booking-flow';
import { calendarPlace, LocationPicker } from './location-picker';
import { SchedulePicker } from './schedule-picker';
import classes from './appointment.module.css';

export interface ManageBookingProps {
  token: string;
  booking: ManagedBooking;
  /** The locations the invite may book (a move may change it). */
  calendars: Calendar[];
  lastBookableDate: string;
  /** The invite still books (not withdrawn, not expired): once cancelled, offer a new time. */
  canBookAgain?: boolean;
  now?: Date;
}

/** A booking opened from its mail: see it, move it, or cancel it (until the studio's cutoff). */
export function ManageBooking({ token, booking, calendars, lastBookableDate, canBookAgain = false, now }: ManageBookingProps) {
  const [mode, setMode] = useState<'view' | 'reschedule' | 'confirm-cancel'>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [calendarId, setCalendarId] = useState<number>(booking.calendarId);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const reschedule = useRescheduleBooking(token);
  const cancel = useCancelBooking(token);

  if (booking.status === 'cancelled') {
    return (
      <ResultCard
        status="error"
        title="Appointment cancelled"
        actions={
          canBookAgain ? (
            <Button component={Link} to={`${paths.appointment}?id=${encodeURIComponent(booking.inviteId)}`} size="md">
              Book a new time
            </Button>
          ) : null
        }
      >
        {notice ?? appointmentMessages.bookingAlreadyCancelled}
        {canBookAgain ? ` ${appointmentMessages.bookAgain}` : ''}
      </ResultCard>
    );
  }

  const changeable = !isPast(booking.changeableUntil, now);
  const bookedCalendar = calendars.find((c) => c.id === booking.calendarId);
  const location = bookedCalendar ? calendarPlace(bookedCalendar) : booking.location;

  const move = async () => {
    if (!slot) return;
    setProblem(null);
    try {
      await reschedule.mutateAsync({ datetime: slot.time, calendarId });
      setNotice(appointmentMessages.rescheduled);
      setMode('view');
      setDate(null);
      setSlot(null);
    } catch (error) {
      setProblem(conflictMessage(error));
      setSlot(null);
    }
  };

  const confirmCancel = async () => {
    setProblem(null);
    try {
      await cancel.mutateAsync();
      setNotice(appointmentMessages.cancelled);
    } catch (error) {
      setProblem(conflictMessage(error));
      setMode('view');
    }
  };

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={28}>
          Your appointment
        </Title>
        {notice ? (
          <Text c="dimmed" mt={6} role="status">
            {notice}
          </Text>
        ) : null}
      </div>
      <BookingDetails datetime={booking.datetime} timeZone={booking.timeZone} location={location} appointmentTypeName={booking.appointmentTypeName} inviteId={booking.inviteId} />
      {problem ? (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      ) : null}
      {!changeable ? (
        <Text c="dimmed">{appointmentMessages.changeTooLate}</Text>
      ) : mode === 'view' ? (
        // One above the other on a phone: side by side, "Cancel appointment" does not fit.
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Button size="md" variant="light" onClick={() => setMode('reschedule')}>
            Reschedule
          </Button>
          <Button size="md" variant="default" color="red" onClick={() => setMode('confirm-cancel')}>
            Cancel appointment
          </Button>
        </SimpleGrid>
      ) : mode === 'confirm-cancel' ? (
        <Paper withBorder radius="md" p="md" role="alertdialog" aria-labelledby="cancel-title">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="cancel-title">
              Cancel appointment?
            </Title>
            <Text size="sm" c="dimmed">
              Your time is given back to the studio. This cannot be undone.
            </Text>
            <Group grow>
              <Button size="md" variant="default" onClick={() => setMode('view')}>
                Keep it
              </Button>
              <Button size="md" color="red" loading={cancel.isPending} onClick={() => void confirmCancel()}>
                Yes, cancel
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xl">
          {calendars.length > 1 ? (
            <LocationPicker
              calendars={calendars}
              value={calendarId}
              onChange={(id) => {
                setCalendarId(id);
                setDate(null);
                setSlot(null);
              }}
            />
          ) : null}
          <SchedulePicker
            key={calendarId}
            appointmentTypeId={booking.appointmentTypeId}
            calendarId={calendarId}
            timeZone={booking.timeZone}
            lastBookableDate={lastBookableDate}
            date={date}
            onDateChange={setDate}
            slot={slot}
            onSlotChange={setSlot}
            openOn={booking.datetime.slice(0, 10)}
            now={now}
          />
          <div className={classes.actionBar}>
            {/* Back as wide as its word, the move takes the rest: both labels fit on a phone. */}
            <Group wrap="nowrap" gap="sm">
              <Button size="lg" px="md" variant="default" onClick={() => setMode('view')}>
                Back
              </Button>
              <Button size="lg" px="md" style={{ flex: 1 }} className={classes.actionButton} disabled={!slot} loading={reschedule.isPending} onClick={() => void move()}>
                Move my appointment
              </Button>
            </Group>
          </div>
        </Stack>
      )}
    </Stack>
  );
}
