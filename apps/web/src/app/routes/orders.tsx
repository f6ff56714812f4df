import { useDocumentTitle } from '@mantine/hooks';
import { Navigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { paths } from '../../config/paths';
import { OrdersList } from '../../features/orders/components/orders-list';
import { useSession } from '../../lib/session';

/** /main/orders: the customer's retouching orders. */
export function OrdersRoute() {
  useDocumentTitle('Your Orders · Your Photoshoot');
  const session = useSession();
  if (!session) return <Navigate to={paths.login} replace />;
  return (
    <>
      <PageHeader title="Your Orders" description="Retouching you ordered, its status and when it is due." />
      <OrdersList invoiceHref={paths.invoiceOf} galleryHref={paths.main} />
    </>
  );
}
