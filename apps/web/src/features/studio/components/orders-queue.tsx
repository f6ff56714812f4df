import { useState } from 'react';
import { Badge, Group, Loader, SegmentedControl } from '@mantine/core';
import type { StudioOrderFilter } from '@studio-gallery/contract';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { OrdersTable } from '../../../components/studio/orders-table';
import { paths } from '../../../config/paths';
import { useStudioOrders } from '../api/get-orders';

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
        <OrdersTable items={items} label="Retouch orders" orderHref={paths.studioOrderOf} dates={status === 'delivered' ? 'delivered' : 'due'} />
      )}
      <ListPagination page={page} pageSize={ORDERS_PAGE_SIZE} total={total} onChange={setPage} noun="orders" />
    </>
  );
}
