import type { ReactNode } from 'react';
import { Button, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { env } from '../../../config/env';
import { buildApiUrl } from '../../../lib/api-url';
import { formatAppointmentTime, timeZoneLongName } from '../lib/appointment-time';

/** GET /ex/appointments/calendar/{inviteId}: the booking as an iCalendar file (text/calendar). */
export function calendarFileUrl(inviteId: string): string {
  return buildApiUrl(env.apiBaseUrl, `/ex/appointments/calendar/${encodeURIComponent(inviteId)}`);
}

export interface BookingDetailsProps {
  datetime: string | null;
  timeZone: string;
  location?: string | null;
  appointmentTypeName?: string;
  /** Offers the .ics download when given. */
  inviteId?: string;
  children?: ReactNode;
}

/** When and where a booking is, with "Add to calendar". */
export function BookingDetails({ datetime, timeZone, location, appointmentTypeName, inviteId, children }: BookingDetailsProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        {appointmentTypeName ? <Text fw={600}>{appointmentTypeName}</Text> : null}
        {datetime ? (
          <Text size="lg" fw={600} data-testid="booked-time">
            {formatAppointmentTime(datetime, timeZone)}
          </Text>
        ) : null}
        {datetime ? (
          <Text size="sm" c="dimmed">
            {timeZoneLongName(timeZone, new Date(datetime))} ({timeZone})
          </Text>
        ) : null}
        {location ? <Text data-testid="booked-location">{location}</Text> : null}
        {inviteId ? (
          <Button
            component="a"
            href={calendarFileUrl(inviteId)}
            download="appointment.ics"
            variant="light"
            leftSection={<IconCalendarPlus size={18} />}
            size="md"
            mt="xs"
          >
            Add to calendar
          </Button>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
