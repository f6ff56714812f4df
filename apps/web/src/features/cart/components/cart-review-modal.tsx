import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Divider, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconShoppingCart, IconTicket, IconTrash, IconX } from '@tabler/icons-react';
import { commerceMessages, serviceLabels, toDollars } from '@studio-gallery/contract';
import { formatMoney } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCouponLookup } from '../api/get-discount-details';
import { useServicePrices } from '../../../lib/service-prices';
import { taxRateOf, useTaxDetail } from '../api/get-tax-detail';
import { cartStore, cartTotalsOf, useCart } from '../stores/cart-store';
import { OrderModal } from '../../../components/order-modal';

export interface CartReviewModalProps {
  opened: boolean;
  onClose: () => void;
  /** Pay Now: the app goes on to payment (or orders a free cart). */
  onPayNow: () => void;
  /** A check that stopped Pay Now (minimum amount, missing email, …). */
  payError?: string | null;
  /** Pay Now is working (a free order is being placed). */
  paying?: boolean;
}

/** Cart review (spec §2, §4): Your Cart, Order Summary, coupon with Apply, totals, Pay Now. */
export function CartReviewModal({ opened, onClose, onPayNow, payError, paying = false }: CartReviewModalProps) {
  return (
    <OrderModal opened={opened} onClose={onClose} title="Your Cart" size="xl" closeButtonProps={{ 'aria-label': 'Close cart' }}>
      <CartReviewBody onPayNow={onPayNow} payError={payError} paying={paying} onClose={onClose} />
    </OrderModal>
  );
}

function CartReviewBody({ onPayNow, payError, paying, onClose }: Omit<CartReviewModalProps, 'opened'>) {
  const cart = useCart();
  const prices = useServicePrices();
  const tax = useTaxDetail();

  // The price lookup is the one source of prices: bring stored items to today's prices and tax.
  useEffect(() => {
    if (prices.data && tax.data) cartStore.reprice(prices.data, taxRateOf(tax.data.taxValue));
  }, [prices.data, tax.data]);

  if (cart.items.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl" ta="center">
        <IconShoppingCart size={48} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text fw={600}>{commerceMessages.cartEmpty}</Text>
        <Text size="sm" c="dimmed" maw={360}>
          Choose photos in your gallery and add a professional touch-up or a new background.
        </Text>
        <Button variant="light" mt="sm" onClick={onClose}>
          Continue browsing
        </Button>
      </Stack>
    );
  }

  const totals = cartTotalsOf(cart);
  const missingPrice = cart.items.some((item) => item.price === null);

  return (
    <div style={{ display: 'grid', gap: 'var(--mantine-spacing-lg)', gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 300px), 1fr))', alignItems: 'start' }}>
      <Stack gap="xs" component="section" aria-labelledby="cart-items-title">
        <Title order={3} size="h5" id="cart-items-title">
          {cart.items.length} {cart.items.length === 1 ? 'item' : 'items'}
        </Title>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {cart.items.map((item) => (
            <Paper key={item.imageid} component="li" withBorder radius="md" p="xs">
              <Group gap="sm" wrap="nowrap">
                <Image src={item.image} alt="" w={56} h={72} radius="sm" fit="cover" fallbackSrc="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==" />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate="end">
                    {item.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {serviceLabels[item.serviceType]}
                  </Text>
                  <Text size="sm" fw={500}>
                    {item.price === null ? 'Price not available' : formatMoney(item.price)}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove ${item.name} (${serviceLabels[item.serviceType]})`}
                  onClick={() => cartStore.remove(item.imageid)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-summary-title" style={{ position: 'sticky', top: 0 }}>
        <Stack gap="sm">
          <Title order={3} size="h5" id="order-summary-title">
            Order Summary
          </Title>
          <CouponField />
          <Divider />
          <Stack gap={6} component="dl" m={0}>
            <SummaryRow label={`Items (${cart.items.length})`} value={formatMoney(toDollars(totals.itemPriceCents))} />
            <SummaryRow label="Tax" value={formatMoney(toDollars(totals.taxCents))} />
            {cart.coupon ? (
              <SummaryRow label={`Discount (${totals.discountPercentage}%)`} value={`−${formatMoney(toDollars(totals.discountCents))}`} />
            ) : null}
          </Stack>
          <Divider />
          <Group justify="space-between" wrap="nowrap">
            <Text fw={700}>Total</Text>
            <Text fw={700} fz="xl" data-testid="cart-total">
              {formatMoney(toDollars(totals.totalCents))}
            </Text>
          </Group>
          {payError ? (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} p="sm" role="alert">
              {payError}
            </Alert>
          ) : null}
          {missingPrice ? (
            <Text size="sm" c="red">
              {commerceMessages.pricesNotSet}
            </Text>
          ) : null}
          <Button size="md" fullWidth onClick={onPayNow} loading={paying} disabled={missingPrice || prices.isPending || tax.isPending}>
            Pay Now
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}

function SummaryRow({ label, value, color }: { label: string; value: ReactNode; color?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text component="dt" size="sm" c={color}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500} c={color}>
        {value}
      </Text>
    </Group>
  );
}

function CouponField() {
  const cart = useCart();
  const [code, setCode] = useState('');
  const lookup = useCouponLookup();

  if (cart.coupon) {
    return (
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconTicket size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" style={{ wordBreak: 'break-all' }}>
            Coupon <b>{cart.coupon.code}</b>
          </Text>
          <Badge color="gray" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
            −{cart.coupon.discountPercentage}%
          </Badge>
        </Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => {
            cartStore.removeCoupon();
            setCode('');
            notifySuccess(commerceMessages.couponRemoved);
          }}
        >
          Remove coupon
        </Button>
      </Group>
    );
  }

  const trimmed = code.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || lookup.isPending) return;
    lookup.mutate(trimmed, {
      onSuccess: (result) => {
        if (result.kind === 'applied') {
          cartStore.applyCoupon({ code: result.coupon.code || trimmed, discountPercentage: result.coupon.discountPercentage });
          notifySuccess(commerceMessages.couponApplied(result.coupon.discountPercentage));
        } else {
          notifyError(result.message);
        }
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Coupon code"
          placeholder="Enter a coupon"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          style={{ flex: 1 }}
          maxLength={64}
        />
        <Button type="submit" variant="default" disabled={!trimmed} loading={lookup.isPending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
