import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import type { StudioOrderSummary } from '@studio-gallery/contract';
import { Link } from 'react-router';
import { displayName, formatDateTime } from '../../lib/studio-format';

export function OrderStatusBadge({ order }: { order: Pick<StudioOrderSummary, 'status' | 'overdue'> }) {
  if (order.status === 'DELIVERED') {
    return (
      <Badge color="teal" variant="light">
        Delivered
      </Badge>
    );
  }
  return order.overdue ? (
    <Badge color="red" variant="filled">
      Overdue
    </Badge>
  ) : (
    <Badge color="blue" variant="light">
      To deliver
    </Badge>
  );
}

export interface OrdersTableProps {
  items: StudioOrderSummary[];
  /** The table's accessible name. */
  label: string;
  /** What the ordering person is called in the header ("Customer", "Employee"). */
  personLabel?: string;
  /** The order's page; without it the order number is plain text. */
  orderHref?: (id: number) => string;
  /** 'delivered': the date column shows deliveries; else due times (deliveries for delivered rows). */
  dates?: 'due' | 'delivered';
}

/** Retouch orders as the studio's queue and a company's order list show them (StudioOrderSummary rows). */
export function OrdersTable({ items, label, personLabel = 'Customer', orderHref, dates = 'due' }: OrdersTableProps) {
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={820} type="native">
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>{personLabel}</Table.Th>
              <Table.Th>Services</Table.Th>
              <Table.Th>Photos delivered</Table.Th>
              <Table.Th>{dates === 'delivered' ? 'Delivered' : 'Due'}</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th miw={130}>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((order) => (
              <Table.Tr key={order.id}>
                <Table.Td>
                  {orderHref ? (
                    <Anchor component={Link} to={orderHref(order.id)} fw={600}>
                      {order.orderId}
                    </Anchor>
                  ) : (
                    <Text fw={600}>{order.orderId}</Text>
                  )}
                  <Text size="xs" c="dimmed">
                    Ordered {formatDateTime(order.createdAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{displayName(order.customer.firstName, order.customer.lastName, order.customer.email)}</Text>
                  <Text size="xs" c="dimmed">
                    {order.customer.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{order.services}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {order.deliveredPhotos} of {order.photos}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={order.overdue ? 'red' : undefined} fw={order.overdue ? 600 : undefined}>
                    {formatDateTime(order.status === 'DELIVERED' && order.deliveredAt ? order.deliveredAt : order.dueAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">${order.totalPrice.toFixed(2)}</Text>
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge order={order} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
