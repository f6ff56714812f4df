import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import type { ExpiringGallery } from '@studio-gallery/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatUtcDay } from '../../../lib/studio-format';

/** The home screen's galleries expiring soon (the gallery lifecycle): who to nudge, or whose expiry to move. */
export function ExpiringGalleries({ galleries }: { galleries: ExpiringGallery[] }) {
  if (galleries.length === 0) return null;
  return (
    <>
      <Title order={2} fz="lg" mt="xl" mb="sm">
        Galleries expiring soon
      </Title>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={520} type="native">
          <Table verticalSpacing="sm" aria-label="Galleries expiring soon">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Session</Table.Th>
                <Table.Th>Reminder</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {galleries.map((gallery) => (
                <Table.Tr key={gallery.sessionId}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {formatUtcDay(gallery.expiresAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={paths.studioCustomerOf(gallery.customerId)} size="sm">
                      {gallery.customerName || 'Customer'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{gallery.sessionName}</Table.Td>
                  <Table.Td>
                    {gallery.reminderSentAt ? (
                      <Badge variant="light" color="teal" size="sm">
                        Sent {formatUtcDay(gallery.reminderSentAt)}
                      </Badge>
                    ) : (
                      <Badge variant="light" color="gray" size="sm">
                        Not yet
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
