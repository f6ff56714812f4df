import { Anchor } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { OrderDetail } from '../../features/studio/components/order-detail';
import { OrdersQueue } from '../../features/studio/components/orders-queue';

/** /studio/orders: the retouch order queue, the most urgent first. */
export function StudioOrdersRoute() {
  useDocumentTitle('Orders · Studio');
  return (
    <>
      <PageHeader title="Retouch orders" description="Due times come from the turnaround; overdue orders are on top." />
      <OrdersQueue />
    </>
  );
}

/** /studio/orders/:id: one order's photos and delivery by upload. */
export function StudioOrderRoute() {
  const id = Number(useParams().id);
  useDocumentTitle(Number.isInteger(id) && id > 0 ? `Order SP-${id} · Studio` : 'Order · Studio');
  return (
    <>
      <Anchor component={Link} to={paths.studioOrders} size="sm" mb="sm" display="inline-block">
        ← All orders
      </Anchor>
      {Number.isInteger(id) && id > 0 ? <OrderDetail key={id} orderId={id} /> : <PageHeader title="Order not found" description="This address names no order." />}
    </>
  );
}
