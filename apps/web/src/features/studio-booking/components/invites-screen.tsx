import { useState } from 'react';
import { Badge, Button, CopyButton, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { InviteEvent, InviteStatus } from '@studio-gallery/contract';
import { EmptyState } from '../../../components/studio/empty-state';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/studio-format';
import { useStudioAppointmentTypes } from '../api/appointment-types';
import { type StudioInvite, useResendInvite, useRevokeInvite, useStudioInvites } from '../api/invites';
import { InviteForm } from './invite-form';

const PAGE_SIZE = 25;
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

const STATUS_BADGES: Record<InviteStatus, { label: string; color: string }> = {
  open: { label: 'Open', color: 'teal' },
  used: { label: 'Booked', color: 'blue' },
  cancelled: { label: 'Cancelled by the customer', color: 'yellow' },
  expired: { label: 'Expired', color: 'orange' },
  revoked: { label: 'Withdrawn', color: 'gray' },
};

const EVENT_LABELS: Record<InviteEvent, string> = {
  sent: 'Sent',
  booked: 'Booked',
  cancelled: 'Cancelled by the customer',
  withdrawn: 'Withdrawn by the studio',
};

/** What happened to the invite, oldest first: "Booked 28 Nov, 10:02 · for 14 Dec, 09:00". */
function InviteHistory({ history }: { history: StudioInvite['history'] }) {
  return (
    <Stack component="ol" gap={2} mt={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label="History">
      {history.map((entry, index) => (
        <Text key={index} component="li" size="xs" c="dimmed">
          {EVENT_LABELS[entry.event]} {formatDateTime(entry.at)}
          {entry.appointmentAt ? ` · for ${formatDateTime(entry.appointmentAt)}` : ''}
        </Text>
      ))}
    </Stack>
  );
}

function InviteRow({ invite, onFailure }: { invite: StudioInvite; onFailure: (message: string | null) => void }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const badge = STATUS_BADGES[invite.status];
  const act = async (action: 'resend' | 'revoke') => {
    onFailure(null);
    try {
      if (action === 'resend') {
        await resend.mutateAsync(invite.id);
        notifySuccess(`Invite mailed to ${invite.customer.email} again.`);
      } else {
        await revoke.mutateAsync(invite.id);
        notifySuccess(`The invite of ${invite.customer.email} is withdrawn: its link no longer books.`);
      }
    } catch (error) {
      onFailure(errorMessage(error, 'The invite could not be changed. Try again.'));
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={600}>
          {invite.customer.name || invite.customer.email}
        </Text>
        {invite.customer.name ? (
          <Text size="xs" c="dimmed">
            {invite.customer.email}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{invite.type.name}</Table.Td>
      <Table.Td>
        <Text size="sm">{invite.calendars ? invite.calendars.map((c) => c.name).join(', ') : 'Every active calendar'}</Text>
      </Table.Td>
      <Table.Td miw={220}>
        <Badge variant="light" color={badge.color} miw="max-content">
          {badge.label}
        </Badge>
        <InviteHistory history={invite.history} />
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        <Text size="sm">{formatDateTime(invite.createdAt)}</Text>
        <Text size="xs" c="dimmed">
          {invite.expiresAt ? `Expires ${formatDateTime(invite.expiresAt)}` : 'Never expires'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <CopyButton value={invite.link}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} aria-label={`Copy the link of ${invite.customer.email}'s invite`}>
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
          {invite.status === 'open' || invite.status === 'cancelled' ? (
            <>
              <Button size="xs" variant="default" loading={resend.isPending} onClick={() => void act('resend')} aria-label={`Resend ${invite.customer.email}'s invite`}>
                Resend
              </Button>
              <Button size="xs" variant="default" color="red" loading={revoke.isPending} onClick={() => void act('revoke')} aria-label={`Withdraw ${invite.customer.email}'s invite`}>
                Withdraw
              </Button>
            </>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function InvitesTable() {
  const [page, setPage] = useState(1);
  const invites = useStudioInvites(page, PAGE_SIZE);
  const [failure, setFailure] = useState<string | null>(null);
  if (invites.isPending) return <FullPageLoader label="Loading the invites" />;
  if (invites.isError) return <LoadFailed what="The invites" onRetry={() => void invites.refetch()} />;
  if (invites.data.items.length === 0) return <EmptyState title="No invites yet.">Invite a customer with the form above.</EmptyState>;
  return (
    <>
      <FormErrorAlert message={failure} />
      <Paper withBorder radius="md" mt={failure ? 'sm' : 0}>
        <Table.ScrollContainer minWidth={960} type="native">
          <Table verticalSpacing="sm" aria-label="Invites">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Calendars</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invites.data.items.map((invite) => (
                <InviteRow key={invite.id} invite={invite} onFailure={setFailure} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <ListPagination page={page} pageSize={PAGE_SIZE} total={invites.data.total} onChange={setPage} noun="invites" />
    </>
  );
}

/** /studio/invites: invite a customer to book, and the invites sent with their status. */
export function InvitesScreen() {
  const options = useStudioAppointmentTypes(false);
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="lg">
              New invite
            </Title>
            <Text size="sm" c="dimmed">
              The customer gets a mail with a link to pick a place, a day and a time.
            </Text>
          </div>
          {options.isPending ? (
            <FullPageLoader label="Loading the appointment types" />
          ) : options.isError ? (
            <LoadFailed what="The appointment types" onRetry={() => void options.refetch()} />
          ) : (
            <InviteForm options={options.data} />
          )}
        </Stack>
      </Paper>
      <InvitesTable />
    </Stack>
  );
}
