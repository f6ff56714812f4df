import { useDocumentTitle } from '@mantine/hooks';
import { Navigate, useParams } from 'react-router';
import { formatOrderNumber } from '@studio-gallery/contract';
import { paths } from '../../config/paths';
import { BrandLogo } from '../../features/branding/components/brand-logo';
import { useBranding } from '../../features/branding/hooks/use-branding';
import { InvoiceView } from '../../features/orders/components/invoice-view';
import { useUser } from '../../features/settings/api/get-user';
import { useSession } from '../../lib/session';

/** /invoice/:id: the printable invoice of one order. */
export function InvoiceRoute() {
  const { id } = useParams();
  const orderId = id && /^\d{1,15}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  useDocumentTitle(orderId ? `Invoice ${formatOrderNumber(orderId)}` : 'Invoice');
  const session = useSession();
  const { branding } = useBranding();
  const user = useUser(session?.userId ?? '');
  if (!session) return <Navigate to={paths.login} replace />;
  const name = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : null;
  return (
    <InvoiceView
      orderId={orderId}
      studioLogo={<BrandLogo height={40} />}
      studioName={branding.name}
      customer={{ name: name || null, email: session.email }}
      backHref={`${paths.settings}?tab=invoices`}
    />
  );
}
