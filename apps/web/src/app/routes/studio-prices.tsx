import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { AdminOnly } from '../../features/studio-settings/components/admin-only';
import { PricesSettings } from '../../features/studio-settings/components/prices-form';

/** /studio/prices (admins only): retouching prices, turnaround and sales tax. Staff members go to /studio. */
export function StudioPricesRoute() {
  useDocumentTitle('Prices · Studio');
  return (
    <AdminOnly>
      <PageHeader title="Prices" description="Retouching prices, turnaround and sales tax, as customers see them in the cart." />
      <PricesSettings />
    </AdminOnly>
  );
}
