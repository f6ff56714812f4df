import { useState } from 'react';
import { ActionIcon, Badge, Button, CopyButton, Group, Menu, Modal, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FavouritesExportFormat } from '@studio-gallery/contract';
import { IconCheck, IconChevronDown, IconCopy, IconFileExport, IconMail, IconPencil, IconPhoto, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/studio/empty-state';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import {
  type StudioCustomerDetail,
  type StudioCustomerSession,
  useDeleteSession,
  useDownloadFavourites,
  useInviteCustomer,
  useRenameSession,
} from '../api/customer';
import { SessionLifecycle } from './session-lifecycle';

const EXPORTS: { format: FavouritesExportFormat; label: string }[] = [
  { format: 'lightroom', label: 'Lightroom (one line, commas)' },
  { format: 'captureone', label: 'Capture One (one per line)' },
];

function SessionName({ customerId, session }: { customerId: number; session: StudioCustomerSession }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(session.name);
  const rename = useRenameSession(customerId);
  if (!editing) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text fw={600}>{session.name}</Text>
        <Tooltip label="Rename">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Rename ${session.name}`}
            onClick={() => {
              setName(session.name);
              setEditing(true);
            }}
          >
            <IconPencil size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );
  }
  const save = () => {
    const next = name.trim();
    if (!next || next === session.name) {
      setEditing(false);
      return;
    }
    rename.mutate(
      { sessionId: session.id, name: next },
      {
        onSuccess: () => setEditing(false),
        onError: (error) => notifications.show({ color: 'red', title: 'Not renamed', message: errorMessage(error, 'The session could not be renamed.') }),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          aria-label="Session name"
          value={name}
          maxLength={120}
          size="xs"
          autoFocus
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setEditing(false);
          }}
        />
        <ActionIcon type="submit" variant="light" size="sm" aria-label="Save the name" loading={rename.isPending}>
          <IconCheck size={14} />
        </ActionIcon>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Cancel" onClick={() => setEditing(false)}>
          <IconX size={14} />
        </ActionIcon>
      </Group>
    </form>
  );
}

function SessionCard({ customer, session, onDelete }: { customer: StudioCustomerDetail; session: StudioCustomerSession; onDelete: () => void }) {
  const invite = useInviteCustomer(customer.id);
  const download = useDownloadFavourites();
  const exportAs = (format: FavouritesExportFormat) =>
    download.mutate(
      { session, format },
      { onError: (error) => notifications.show({ color: 'red', title: 'No export', message: errorMessage(error, 'The favourites could not be exported.') }) },
    );
  const sendInvite = () =>
    invite.mutate(session.id, {
      onSuccess: (result) =>
        notifications.show({
          color: 'teal',
          title: result.mail === 'invitation' ? 'Invitation sent' : 'Mail sent',
          message: result.mail === 'invitation' ? `A new invitation went to ${result.email}.` : `${result.email} was told their photos are ready.`,
        }),
      onError: (error) => notifications.show({ color: 'red', title: 'Not sent', message: errorMessage(error, 'The mail could not be sent.') }),
    });

  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={session.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <SessionName customerId={customer.id} session={session} />
          <Text size="sm" c="dimmed">
            {session.sessionDate}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Code
          </Text>
          <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {session.code}
          </Text>
          <CopyButton value={session.code}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the code'}>
                <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={copied ? 'Copied' : `Copy the code of ${session.name}`}>
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {session.photos} {session.photos === 1 ? 'photo' : 'photos'}
          </Badge>
          <Badge variant="light" color="pink">
            {session.favourites} {session.favourites === 1 ? 'favourite' : 'favourites'}
          </Badge>
          {session.skipped > 0 ? (
            <Badge variant="light" color="orange">
              {session.skipped} skipped
            </Badge>
          ) : null}
        </Group>
        <SessionLifecycle customerId={customer.id} session={session} />
        <Group gap="xs" mt={4}>
          <Button size="xs" variant="light" leftSection={<IconPhoto size={14} />} component={Link} to={paths.studioSessionOf(session.id)}>
            Photos
          </Button>
          <Menu position="bottom-start" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="default" leftSection={<IconFileExport size={14} />} rightSection={<IconChevronDown size={14} />} loading={download.isPending} disabled={session.favourites === 0}>
                Export favourites
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {EXPORTS.map(({ format, label }) => (
                <Menu.Item key={format} onClick={() => exportAs(format)}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={customer.activated ? 'They have an account: they get “your photos are ready”' : 'A new invitation with a fresh activation link'}>
            <Button size="xs" variant="default" leftSection={<IconMail size={14} />} loading={invite.isPending} onClick={sendInvite}>
              Resend invitation
            </Button>
          </Tooltip>
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The customer's sessions: rename, gallery code to copy, counts, favourites export, invitation, delete (with a confirmation). */
export function CustomerSessions({ customer }: { customer: StudioCustomerDetail }) {
  const [deleting, setDeleting] = useState<StudioCustomerSession | null>(null);
  const remove = useDeleteSession(customer.id);
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Session deleted', message: `“${deleting.name}” and its photos are gone.` });
        setDeleting(null);
      },
      onError: (error) => notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(error, 'The session could not be deleted.') }),
    });
  };

  return (
    <section aria-labelledby="customer-sessions-title">
      <Title order={3} size="h4" mb="sm" id="customer-sessions-title">
        Sessions
      </Title>
      {customer.sessions.length === 0 ? (
        <EmptyState title="No sessions yet.">Upload a shoot for this customer to give them a gallery.</EmptyState>
      ) : (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {customer.sessions.map((session) => (
            <SessionCard key={session.id} customer={customer} session={session} onDelete={() => setDeleting(session)} />
          ))}
        </Stack>
      )}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this session?" centered>
        <Text size="sm" mb="md">
          “{deleting?.name}” and its {deleting?.photos ?? 0} photos will be deleted for good. The customer will no longer see them, and its gallery code will stop
          working.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDeleting(null)}>
            Cancel
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirmDelete}>
            Delete session
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
