import { useState } from 'react';
import { Badge, Button, Divider, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { EmptyState } from '../../../components/studio/empty-state';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioCalendar, useSetCalendarActive, useStudioCalendars } from '../api/calendars';
import { CalendarForm } from './calendar-form';
import { ExceptionsEditor } from './exceptions-editor';
import { HoursEditor } from './hours-editor';

function CalendarCard({ calendar }: { calendar: StudioCalendar }) {
  const [editing, setEditing] = useState(false);
  const setActive = useSetCalendarActive();
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = async () => {
    setFailure(null);
    try {
      const saved = await setActive.mutateAsync({ id: calendar.id, active: !calendar.active });
      notifySuccess(saved.active ? `${saved.name} takes bookings again.` : `${saved.name} takes no new bookings; its bookings stay.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The calendar could not be changed. Try again.'));
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`calendar-${calendar.id}-title`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Group gap="xs">
              <Title order={2} fz="lg" id={`calendar-${calendar.id}-title`}>
                {calendar.name}
              </Title>
              <Badge variant="light" color={calendar.active ? 'teal' : 'gray'}>
                {calendar.active ? 'Active' : 'Inactive'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {calendar.location} · {calendar.timeZone}
            </Text>
          </div>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant={calendar.active ? 'default' : 'light'} size="xs" loading={setActive.isPending} onClick={() => void toggle()}>
              {calendar.active ? 'Deactivate' : 'Activate'}
            </Button>
          </Group>
        </Group>
        <FormErrorAlert message={failure} />
        <HoursEditor key={JSON.stringify(calendar.week)} calendar={calendar} />
        <Divider />
        <ExceptionsEditor calendar={calendar} />
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Edit ${calendar.name}`} size="lg">
        <CalendarForm calendar={calendar} onDone={() => setEditing(false)} />
      </Modal>
    </Paper>
  );
}

/** /studio/calendars: a form for a new calendar, then each calendar with its week and exceptions. */
export function CalendarsScreen() {
  const calendars = useStudioCalendars();
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg">
              New calendar
            </Title>
            <Text size="sm" c="dimmed">
              A booth or room customers book, at a location, in its own time zone.
            </Text>
          </div>
          <CalendarForm />
        </Stack>
      </Paper>
      {calendars.isPending ? (
        <FullPageLoader label="Loading the calendars" />
      ) : calendars.isError ? (
        <LoadFailed what="The calendars" onRetry={() => void calendars.refetch()} />
      ) : calendars.data.items.length === 0 ? (
        <EmptyState title="No calendars yet.">Create one with the form above.</EmptyState>
      ) : (
        calendars.data.items.map((calendar) => <CalendarCard key={calendar.id} calendar={calendar} />)
      )}
    </Stack>
  );
}
