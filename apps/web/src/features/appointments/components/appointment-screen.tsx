import { useState } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { appointmentMessages } from '@studio-gallery/contract';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ResultCard } from '../../../components/result-card';
import { errorMessage } from '../../../lib/api-client';
import type { BookedAppointment } from '../api/book-appointment';
import { useCalendars } from '../api/get-calendars';
import { useInviteSchedule } from '../api/get-invite-schedule';
import { useManagedBooking } from '../api/get-managed-booking';
import { BookingDetails } from './booking-details';
import { BookingFlow } from './booking-flow';
import { calendarPlace } from './location-picker';
import { formatAppointmentTime } from '../lib/appointment-time';
import { ManageBooking } from './manage-booking';
import classes from './appointment.module.css';
// The date picker's CSS comes with this (lazily loaded) screen, not with the first screen's CSS.
import './appointment-mantine.css';

export interface AppointmentScreenProps {
  /** The invite id from /appointment?id=… (null: no session URL). */
  inviteId: string | null;
  /** The booking's secret from the mail's manage link (&manage=…). */
  manageToken?: string | null;
  /** Now, for tests. */
  now?: Date;
}

/**
 * /appointment (spec §2 "Appointment booking", §4): loading → no invite | cancelled | expired |
 * already booked (with reschedule/cancel from the mail's link) | pick location → pick date and
 * time → booked.
 */
export function AppointmentScreen({ inviteId, manageToken = null, now }: AppointmentScreenProps) {
  return (
    <div className={classes.page}>
      <AppointmentState inviteId={inviteId} manageToken={manageToken} now={now} />
    </div>
  );
}

function NoInvite() {
  return <ResultCard status="error" title={appointmentMessages.noInvite} />;
}

function AppointmentState({ inviteId, manageToken, now }: Required<Omit<AppointmentScreenProps, 'now'>> & { now?: Date }) {
  const invite = useInviteSchedule(inviteId);
  const managed = useManagedBooking(manageToken);
  const usable = Boolean(invite.data && !invite.data.cancelled);
  const calendars = useCalendars(inviteId ?? '', Boolean(inviteId) && usable);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);

  if (!inviteId) return <NoInvite />;
  if (invite.isPending || (manageToken && managed.isPending)) return <FullPageLoader label="Loading your invitation" />;
  if (invite.isError) {
    return (
      <ResultCard status="error" title="Something went wrong">
        {errorMessage(invite.error, appointmentMessages.noInvite)}
      </ResultCard>
    );
  }
  const data = invite.data;
  if (!data) return <NoInvite />;

  if (booked) {
    const bookedCalendar = calendars.data?.find((c) => c.id === booked.calendarId);
    return (
      <Stack gap="lg">
        <ResultCard status="success" title="You're booked!">
          {appointmentMessages.booked}
        </ResultCard>
        <BookingDetails
          datetime={booked.datetime}
          timeZone={booked.timeZone}
          location={bookedCalendar ? calendarPlace(bookedCalendar) : booked.location}
          appointmentTypeName={data.appointmentTypeName}
          inviteId={inviteId}
        />
      </Stack>
    );
  }

  if (manageToken && managed.data) {
    if (usable && calendars.isPending) return <FullPageLoader label="Loading your appointment" />;
    return (
      <ManageBooking
        token={manageToken}
        booking={managed.data}
        calendars={calendars.data ?? []}
        lastBookableDate={data.lastBookableDate}
        canBookAgain={!data.cancelled && !data.expired && data.appointmentId === null}
        now={now}
      />
    );
  }
  const manageProblem = manageToken && managed.isError ? errorMessage(managed.error, appointmentMessages.bookingNotFound) : null;
  const manageAlert = manageProblem ? (
    <Alert color="red" variant="light" role="alert">
      {manageProblem}
    </Alert>
  ) : null;

  if (data.cancelled) {
    return (
      <ResultCard status="error" title="Invitation cancelled">
        {appointmentMessages.inviteCancelled}
      </ResultCard>
    );
  }

  if (data.appointmentId !== null) {
    const location = calendars.data?.find((c) => c.id === data.calendarId);
    return (
      <Stack gap="lg">
        {manageAlert}
        <div>
          <Title order={1} fz={28}>
            Already booked
          </Title>
          <Text c="dimmed" mt={6}>
            {appointmentMessages.alreadyBooked}
          </Text>
        </div>
        <BookingDetails
          datetime={data.appointmentScheduledOn}
          timeZone={data.timeZone}
          location={location ? calendarPlace(location) : null}
          appointmentTypeName={data.appointmentTypeName}
          inviteId={inviteId}
        />
      </Stack>
    );
  }

  if (data.expired) {
    return (
      <ResultCard status="error" title="Invitation expired">
        {appointmentMessages.inviteExpired}
      </ResultCard>
    );
  }

  if (calendars.isPending) return <FullPageLoader label="Loading locations" />;
  if (calendars.isError) {
    return (
      <ResultCard status="error" title="Something went wrong">
        {errorMessage(calendars.error, 'Could not load the locations. Please try again.')}
      </ResultCard>
    );
  }
  if (calendars.data.length === 0) {
    return (
      <ResultCard status="error" title="No location available">
        {appointmentMessages.calendarNotOffered}
      </ResultCard>
    );
  }

  return (
    <Stack gap="lg">
      {manageAlert}
      {data.cancelledAppointmentOn ? (
        <Alert color="yellow" variant="light" role="status">
          Your appointment of {formatAppointmentTime(data.cancelledAppointmentOn, data.timeZone)} was cancelled. {appointmentMessages.bookAgain}
        </Alert>
      ) : null}
      <BookingFlow inviteId={inviteId} invite={data} calendars={calendars.data} onBooked={setBooked} now={now} />
    </Stack>
  );
}
