import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { useStudioToday } from '../api/get-today';
import { longDayLabel } from '../lib/week';
import { EmptyState } from '../../../components/studio/empty-state';
import { LoadFailed } from '../../../components/studio/load-failed';
import { ExpiringGalleries } from './expiring-galleries';

function Stat({ label, value, children }: { label: string; value: number; children?: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={32} fw={700} lh={1.1} aria-label={`${label}: ${value}`}>
          {value}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** The studio's home screen: what needs attention today (GET /studio/today). */
export function TodayOverview() {
  const today = useStudioToday();
  // The screen's heading and the figures' places at once; the figures fill in when the answer comes.
  if (today.isPending) {
    return (
      <>
        <PageHeader title="Today" />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="xl" aria-busy="true" aria-label="Loading today">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={118} radius="md" />
          ))}
        </SimpleGrid>
      </>
    );
  }
  if (today.isError) return <LoadFailed what="Today's overview" onRetry={() => void today.refetch()} />;

  const { bookings, ordersDue, newActivity, date, timeZone, expiringGalleries } = today.data;
  const booked = bookings.filter((b) => b.status === 'booked').length;

  return (
    <>
      <PageHeader title="Today" description={`${longDayLabel(date)} · times in ${timeZone}`} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="xl">
        <Stat label="Bookings today" value={booked}>
          <Anchor component={Link} to={paths.studioBookings} size="sm">
            Week view
          </Anchor>
        </Stat>
        <Stat label="Orders due" value={ordersDue}>
          <Text size="sm" c="dimmed">
            {ordersDue === 0 ? 'No retouch orders waiting.' : 'Retouch orders not yet delivered.'}
          </Text>
        </Stat>
        <Stat label="New activity" value={newActivity}>
          <Anchor component={Link} to={paths.studioActivity} size="sm">
            {newActivity === 0 ? 'Nothing new in the last 24 hours' : 'See the activity'}
          </Anchor>
        </Stat>
      </SimpleGrid>

      <Title order={2} fz="lg" mb="sm">
        Today's bookings
      </Title>
      {bookings.length === 0 ? (
        <EmptyState title="No bookings today.">
          New bookings show here as customers book.{' '}
          <Anchor component={Link} to={paths.studioBookings} size="sm">
            See the week
          </Anchor>
        </EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Today's bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Calendar</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Email</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bookings.map((booking) => (
                  <Table.Tr key={booking.id} c={booking.status === 'cancelled' ? 'dimmed' : undefined}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text fw={600} size="sm" td={booking.status === 'cancelled' ? 'line-through' : undefined}>
                          {booking.label}
                        </Text>
                        {booking.status === 'cancelled' ? (
                          <Badge color="gray" variant="light" size="sm">
                            Cancelled
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>{booking.calendarName}</Table.Td>
                    <Table.Td>{booking.typeName}</Table.Td>
                    <Table.Td>{booking.customerName}</Table.Td>
                    <Table.Td>
                      <Anchor href={`mailto:${booking.email}`} size="sm">
                        {booking.email}
                      </Anchor>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ExpiringGalleries galleries={expiringGalleries} />
    </>
  );
}
