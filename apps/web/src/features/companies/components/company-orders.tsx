import { useState } from 'react';
import { Anchor, Badge, Paper, SegmentedControl, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StudioOrderFilter } from '@studio-gallery/contract';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { type CompanyOrderRow, useCompanyOrders } from '../api/company-invites';

export const COMPANY_ORDERS_PAGE_SIZE = 25;

const FILTERS: { value: StudioOrderFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'To deliver' },
  { value: 'delivered', label: 'Delivered' },
];

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusBadge({ order }: { order: CompanyOrderRow }) {
  if (order.status === 'DELIVERED') return <Badge color="teal" variant="light">Delivered</Badge>;
  return order.overdue ? <Badge color="red">Overdue</Badge> : <Badge variant="light">To deliver</Badge>;
}

/** The corporate order list: the retouch orders of the company's employees (as the studio queue shows them). */
export function CompanyOrders({ companyId, orderHref }: { companyId: number; orderHref?: (id: number) => string }) {
  const [status, setStatus] = useState<StudioOrderFilter>('all');
  const [page, setPage] = useState(1);
  const orders = useCompanyOrders(companyId, { status, page, pageSize: COMPANY_ORDERS_PAGE_SIZE });
  if (orders.isPending) return <FullPageLoader label="Loading the orders" />;
  if (orders.isError) return <LoadFailed what="The orders" onRetry={() => void orders.refetch()} />;
  const { items, total, overdue } = orders.data;
  return (
    <>
      <SegmentedControl
        mb="md"
        aria-label="Which orders"
        data={FILTERS}
        value={status}
        onChange={(value) => {
          setStatus(value as StudioOrderFilter);
          setPage(1);
        }}
      />
      {overdue > 0 ? (
        <Badge color="red" variant="light" size="lg" ml="sm">
          {overdue} overdue
        </Badge>
      ) : null}
      {items.length === 0 ? (
        <EmptyState title="No retouch orders.">Orders the employees pay for show here.</EmptyState>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={720} type="native">
            <Table verticalSpacing="sm" aria-label="Orders of the employees">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Employee</Table.Th>
                  <Table.Th>Services</Table.Th>
                  <Table.Th>Photos delivered</Table.Th>
                  <Table.Th>Due / delivered</Table.Th>
                  <Table.Th>Total</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      {orderHref ? (
                        <Anchor component={Link} to={orderHref(order.id)} fw={600} size="sm">
                          {order.orderId}
                        </Anchor>
                      ) : (
                        <Text fw={600} size="sm">
                          {order.orderId}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        Ordered {dateTime(order.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{[order.customer.firstName, order.customer.lastName].filter(Boolean).join(' ') || order.customer.email}</Text>
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
                      <Text size="sm" c={order.overdue ? 'red' : undefined}>
                        {dateTime(order.status === 'DELIVERED' && order.deliveredAt ? order.deliveredAt : order.dueAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">${order.totalPrice.toFixed(2)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge order={order} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ListPagination page={page} pageSize={COMPANY_ORDERS_PAGE_SIZE} total={total} onChange={setPage} noun="orders" />
    </>
  );
}
