import { useState } from 'react';
import { Badge, Button, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { EmptyState } from '../../../components/studio/empty-state';
import { FormErrorAlert } from '../../../components/form-alert';
import { FullPageLoader } from '../../../components/full-page-loader';
import { LoadFailed } from '../../../components/studio/load-failed';
import { errorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { type StudioCoupon, useSetStudioCouponActive, useStudioCoupons } from '../api/coupons';

const STATE_BADGES: Record<StudioCoupon['state'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  inactive: { label: 'Off', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  'used-up': { label: 'Used up', color: 'red' },
};

let dayFormat: Intl.DateTimeFormat | undefined;

/** The last day a coupon works ("31 Dec 2026"): its expiry is the end of that day, UTC. */
export function lastDayLabel(expiresAt: string | null): string {
  if (!expiresAt) return 'Never';
  const date = new Date(expiresAt);
  if (Number.isNaN(date.getTime())) return expiresAt;
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return dayFormat.format(date);
}

function usesLabel(coupon: StudioCoupon): string {
  const used = coupon.maxUses === null ? `${coupon.uses}` : `${coupon.uses} of ${coupon.maxUses}`;
  return coupon.held > 0 ? `${used} (+${coupon.held} in checkout)` : used;
}

/** Every coupon (GET /studio/coupons) with its state and uses, and a switch on or off. */
export function CouponsTable() {
  const coupons = useStudioCoupons();
  const setActive = useSetStudioCouponActive();
  const [failure, setFailure] = useState<string | null>(null);
  if (coupons.isPending) return <FullPageLoader label="Loading the coupons" />;
  if (coupons.isError) return <LoadFailed what="The coupons" onRetry={() => void coupons.refetch()} />;
  if (coupons.data.items.length === 0) return <EmptyState title="No coupons yet.">Create one with the form.</EmptyState>;

  const toggle = async (coupon: StudioCoupon) => {
    setFailure(null);
    try {
      const saved = await setActive.mutateAsync({ id: coupon.id, active: !coupon.active });
      notifySuccess(saved.active ? `${saved.code} is on again.` : `${saved.code} is off: customers can no longer use it.`);
    } catch (error) {
      setFailure(errorMessage(error, 'The coupon could not be changed. Try again.'));
    }
  };

  return (
    <>
      <FormErrorAlert message={failure} />
      <Paper withBorder radius="md" mt={failure ? 'sm' : 0}>
        <Table.ScrollContainer minWidth={640} type="native">
          <Table verticalSpacing="sm" aria-label="Coupons">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Discount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Uses</Table.Th>
                <Table.Th>Last day</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {coupons.data.items.map((coupon) => {
                const badge = STATE_BADGES[coupon.state];
                return (
                  <Table.Tr key={coupon.id}>
                    <Table.Td>
                      <Text size="sm" fw={600} ff="monospace">
                        {coupon.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{coupon.percent}%</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={badge.color}>
                        {badge.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{usesLabel(coupon)}</Table.Td>
                    <Table.Td>{lastDayLabel(coupon.expiresAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant={coupon.active ? 'default' : 'light'}
                        loading={setActive.isPending && setActive.variables?.id === coupon.id}
                        onClick={() => void toggle(coupon)}
                        aria-label={`${coupon.active ? 'Switch off' : 'Switch on'} ${coupon.code}`}
                      >
                        {coupon.active ? 'Switch off' : 'Switch on'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
