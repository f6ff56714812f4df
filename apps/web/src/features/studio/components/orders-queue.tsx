import { useState } from 'react';
import { Anchor, Badge, Group, Loader, Paper, SegmentedControl, Table, Text } from '@mantine/core';
import type { StudioOrderFilter } from '@studio-gallery/contract';
import { Link } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { paths } from '../../../config/paths';
import { type StudioOrderRow, useStudioOrders } from '../api/get-orders';
import { displayName, formatDateTime } from '../lib/format';

export const ORDERS_PAGE_SIZE = 25;

const FILTERS: { value: StudioOrderFilter; label: string }[] = [
  { value: 'open', label: 'To deliver' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'all', label: 'All' },
];

const EMPTY: Record<StudioOrderFilter, { title: string; text: string }> = {
  open: { title: 'Nothing to deliver.', text: 'Paid retouch orders show here, the most urgent first.' },
  delivered: { title: 'No delivered orders yet.', text: 'Orders move here once every photo has its retouched file.' },
  all: { title: 'No retouch orders yet.', text: 'Orders show here when customers pay for a retouch.' },
};

export function OrderStatusBadge({ order }: { order: Pick<StudioOrderRow, 'status' | 'overdue'> }) {
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

/** The retouch order queue (GET /studio/orders): open orders by due time, the overdue first. */
export function OrdersQueue() {
  const [status, setStatus] = useState<StudioOrderFilter>('open');
  const [page, setPage] = useState(1);
  const orders = useStudioOrders({ status, page, pageSize: ORDERS_PAGE_SIZE });

  const filter = (
    <Group justify="space-between" mb="md" gap="sm">
      <SegmentedControl
        aria-label="Which orders"
        data={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value as StudioOrderFilter);
          setPage(1);
        }}
      />
      <Group gap="xs">
        {orders.isFetching && !orders.isPending ? <Loader size={14} aria-label="Updating" /> : null}
        {orders.data && orders.data.overdue > 0 ? (
          <Badge color="red" variant="light" size="lg">
            {orders.data.overdue} overdue
          </Badge>
        ) : null}
      </Group>
    </Group>
  );

  if (orders.isPending) return <FullPageLoader label="Loading the orders" />;
  if (orders.isError) return <LoadFailed what="The orders" onRetry={() => void orders.refetch()} />;
  const { items, total } = orders.data;

  return (
    <>
      {filter}
      {items.length === 0 ? (
        <EmptyState title={EMPTY[status].title}>{EMPTY[status].text}</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Retouch orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Services</Table.Th>
                  <Table.Th>Photos delivered</Table.Th>
                  <Table.Th>{status === 'delivered' ? 'Delivered' : 'Due'}</Table.Th>
                  <Table.Th miw={130}>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor component={Link} to={paths.studioOrderOf(order.id)} fw={600}>
                        {order.orderId}
                      </Anchor>
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
                      <OrderStatusBadge order={order} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPagination page={page} pageSize={ORDERS_PAGE_SIZE} total={total} onChange={setPage} noun="orders" />
    </>
  );
}
