import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { GALLERY_HOSTING_MONTHS, addMonthsUtc } from '@studio-gallery/contract';
import { IconArchive, IconCalendarEvent, IconRestore } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client';
import { formatUtcDay } from '../../../lib/studio-format';
import type { StudioCustomerSession } from '../api/customer';
import { useArchiveSession, useRestoreSession, useSetSessionExpiry } from '../api/session-lifecycle';

/** YYYY-MM-DD of a date, in UTC (expiries are whole UTC days). */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The first day that can be picked: tomorrow (an expiry must be in the future). */
const tomorrow = () => dayOf(new Date(Date.now() + 86_400_000));

type Dialog = 'expiry' | 'archive' | 'restore' | null;

/**
 * A session's place in the gallery lifecycle on its card: when it expires (or since when it is
 * archived), and the staff's controls: change the expiry, archive now (confirmed), restore with a new expiry.
 */
export function SessionLifecycle({ customerId, session }: { customerId: number; session: StudioCustomerSession }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [day, setDay] = useState<string | null>(null);
  const setExpiry = useSetSessionExpiry(customerId);
  const archive = useArchiveSession(customerId);
  const restore = useRestoreSession(customerId);
  const archived = session.archivedAt !== null;

  const open = (next: Exclude<Dialog, null>) => {
    setDay(
      next === 'expiry' && session.expiresAt ? dayOf(new Date(session.expiresAt)) : next === 'restore' ? dayOf(addMonthsUtc(new Date(), GALLERY_HOSTING_MONTHS)) : null,
    );
    setDialog(next);
  };
  const close = () => setDialog(null);
  const failed = (title: string, fallback: string) => (error: unknown) => notifications.show({ color: 'red', title, message: errorMessage(error, fallback) });

  const saveExpiry = () => {
    if (!day) return;
    setExpiry.mutate(
      { sessionId: session.id, expiresOn: day },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Expiry changed', message: `“${session.name}” is online until ${formatUtcDay(`${day}T12:00:00Z`)}.` });
          close();
        },
        onError: failed('Expiry not changed', 'The expiry could not be changed.'),
      },
    );
  };
  const confirmArchive = () =>
    archive.mutate(session.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Gallery archived', message: `The customer no longer sees the photos of “${session.name}”.` });
        close();
      },
      onError: failed('Not archived', 'The gallery could not be archived.'),
    });
  const confirmRestore = () =>
    restore.mutate(
      { sessionId: session.id, ...(day ? { expiresOn: day } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'Gallery restored', message: `“${session.name}” is online again.` });
          close();
        },
        onError: failed('Not restored', 'The gallery could not be restored.'),
      },
    );

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {archived ? (
          <Badge variant="light" color="gray" leftSection={<IconArchive size={12} />}>
            Archived on {formatUtcDay(session.archivedAt as string)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {session.expiresAt ? `Expires ${formatUtcDay(session.expiresAt)}` : 'Never expires'}
            {session.reminderSentAt ? ` · reminder sent ${formatUtcDay(session.reminderSentAt)}` : ''}
          </Text>
        )}
      </Group>
      <Group gap="xs">
        {archived ? (
          <Button size="xs" variant="light" color="teal" leftSection={<IconRestore size={14} />} onClick={() => open('restore')}>
            Restore
          </Button>
        ) : (
          <>
            <Button size="xs" variant="default" leftSection={<IconCalendarEvent size={14} />} onClick={() => open('expiry')}>
              Change expiry
            </Button>
            <Button size="xs" variant="subtle" color="gray" leftSection={<IconArchive size={14} />} onClick={() => open('archive')}>
              Archive
            </Button>
          </>
        )}
      </Group>

      <Modal opened={dialog === 'expiry' || dialog === 'restore'} onClose={close} title={dialog === 'restore' ? 'Restore this gallery?' : 'Change the expiry'} centered>
        <Stack gap="md">
          <Text size="sm">
            {dialog === 'restore'
              ? `“${session.name}” will be online again for the customer until the day you pick.`
              : `The customer can see “${session.name}” until the end of the day you pick. They get a reminder before it expires.`}
          </Text>
          <DatePickerInput
            label="Online until"
            placeholder="Pick a day"
            value={day}
            onChange={setDay}
            minDate={tomorrow()}
            valueFormat="D MMM YYYY"
            popoverProps={{ withinPortal: true }}
            nextLabel="Next month"
            previousLabel="Previous month"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            {dialog === 'restore' ? (
              <Button color="teal" loading={restore.isPending} onClick={confirmRestore}>
                Restore gallery
              </Button>
            ) : (
              <Button loading={setExpiry.isPending} disabled={!day} onClick={saveExpiry}>
                Save expiry
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <Modal opened={dialog === 'archive'} onClose={close} title="Archive this gallery?" centered>
        <Text size="sm" mb="md">
          The customer and anyone with the gallery code will no longer see or download the photos of “{session.name}”. The files are kept, and you can
          restore the gallery at any time.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red" loading={archive.isPending} onClick={confirmArchive}>
            Archive gallery
          </Button>
        </Group>
      </Modal>
    </>
  );
}
