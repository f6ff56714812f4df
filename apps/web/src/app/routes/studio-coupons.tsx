import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { PageHeader } from '../../components/page-header';
import { AdminOnly } from '../../features/studio-settings/components/admin-only';
import { CouponForm } from '../../features/studio-settings/components/coupon-form';
import { CouponsTable } from '../../features/studio-settings/components/coupons-table';

/** /studio/coupons (admins only): the coupons with their uses, a form to add one. Staff members go to /studio. */
export function StudioCouponsRoute() {
  useDocumentTitle('Coupons · Studio');
  return (
    <AdminOnly>
      <PageHeader title="Coupons" description="Discount codes customers enter in the cart." />
      <Stack gap="xl">
        <CouponForm />
        <CouponsTable />
      </Stack>
    </AdminOnly>
  );
}
