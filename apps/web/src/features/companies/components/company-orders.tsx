import { useState } from 'react';
import { Badge, SegmentedControl } from '@mantine/core';
import type { StudioOrderFilter } from '@studio-gallery/contract';
import { FullPageLoader } from '../../../components/full-page-loader';
import { EmptyState } from '../../../components/studio/empty-state';
import { ListPagination } from '../../../components/studio/list-pagination';
import { LoadFailed } from '../../../components/studio/load-failed';
import { OrdersTable } from '../../../components/studio/orders-table';
import { useCompanyOrders } from '../api/company-invites';

export const COMPANY_ORDERS_PAGE_SIZE = 25;

const FILTERS: { value: StudioOrderFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'To deliver' },
  { value: 'delivered', label: 'Delivered' },
];

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
        <OrdersTable items={items} label="Orders of the employees" personLabel="Employee" orderHref={orderHref} />
      )}
      <ListPagination page={page} pageSize={COMPANY_ORDERS_PAGE_SIZE} total={total} onChange={setPage} noun="orders" />
    </>
  );
}
