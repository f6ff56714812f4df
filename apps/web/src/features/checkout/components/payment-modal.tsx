import { lazy, Suspense, useEffect, useRef } from 'react';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import {
  cartLinesOf,
  commerceMessages,
  computeCartTotals,
  toDollars,
  type CartItem,
  type SpecialRequestOrder,
} from '@studio-gallery/contract';
import { errorMessage } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useCreateCheckout } from '../api/create-checkout';
import { useCreateSpecialRequest } from '../api/create-special-request';
import { usePaymentConfig } from '../api/get-payment-config';
import { recordTransaction } from '../api/record-transaction';
import { TestCardForm, type PaidCard } from './test-card-form';
import { OrderModal } from '../../../components/order-modal';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface PaymentCoupon {
  code: string;
  discountPercentage: number;
}

export interface PaymentModalProps {
  opened: boolean;
  onClose: () => void;
  items: readonly CartItem[];
  coupon: PaymentCoupon | null;
  /** The signed-in email (sent as userEmail and billing email). */
  email: string;
  /** The order was placed. */
  onOrdered: (order: SpecialRequestOrder) => void;
}

/** Card payment (spec §4 "Checkout"): the server prices the cart, the card is confirmed, then the order is placed. */
export function PaymentModal({ opened, onClose, ...props }: PaymentModalProps) {
  return (
    <OrderModal opened={opened} onClose={onClose} title="Payment" size="md" closeOnClickOutside={false} closeButtonProps={{ 'aria-label': 'Close payment' }}>
      <PaymentBody onClose={onClose} {...props} />
    </OrderModal>
  );
}

function PaymentBody({ onClose, items, coupon, email, onOrdered }: Omit<PaymentModalProps, 'opened'>) {
  const totals = computeCartTotals(cartLinesOf(items), coupon?.discountPercentage ?? 0);
  const amountLabel = formatMoney(toDollars(totals.totalCents));
  const config = usePaymentConfig();
  const checkout = useCreateCheckout();
  const order = useCreateSpecialRequest();
  const started = useRef(false);

  // One checkout per opening of the modal.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    checkout.mutate({ grossTotal: totals.totalCents, userEmail: email, items: [...items], couponCode: coupon?.code ?? null });
  }, [checkout, totals.totalCents, email, items, coupon]);

  // Stripe.js starts loading while the checkout call is on its way.
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;
  useEffect(() => {
    if (stripeKey) void import('./stripe-card-form').then((m) => m.preloadStripe(stripeKey));
  }, [stripeKey]);

  const onPaid = async (card: PaidCard) => {
    const provider = checkout.data?.provider ?? 'test';
    try {
      const transaction = await recordTransaction({
        paymentType: provider === 'stripe' ? 'Stripe' : 'Test',
        referenceId: card.paymentId,
        cardBrand: card.cardBrand,
        receiptUrl: card.receiptUrl,
        grossTotal: totals.totalCents,
        total: totals.totalCents,
      });
      const result = await order.mutateAsync({
        transactionId: transaction.id,
        totalPrice: toDollars(totals.totalCents),
        orderDetails: [...items],
        couponCode: coupon?.code ?? null,
      });
      onOrdered(result.order);
    } catch (failure) {
      // Spec §8: a payment record failure toasts the message and closes the modal.
      notifyError(errorMessage(failure, commerceMessages.somethingWentWrong));
      onClose();
    }
  };

  let form;
  if (checkout.isError) {
    form = (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert" title="Payment could not start">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(checkout.error, commerceMessages.somethingWentWrong)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onClose}>
            Back to cart
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!checkout.data) {
    form = (
      <Center mih={160}>
        <Loader aria-label="Preparing payment" />
      </Center>
    );
  } else {
    const common = { clientSecret: checkout.data.clientSecret, email, amountLabel, onPaid };
    form =
      checkout.data.provider === 'stripe' && checkout.data.publishableKey ? (
        <Suspense
          fallback={
            <Center mih={160}>
              <Loader aria-label="Loading the card form" />
            </Center>
          }
        >
          <StripeCardForm {...common} publishableKey={checkout.data.publishableKey} />
        </Suspense>
      ) : (
        <TestCardForm {...common} />
      );
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {items.length} {items.length === 1 ? 'service' : 'services'}
            {coupon ? ` · coupon ${coupon.code} (−${coupon.discountPercentage}%)` : ''}
          </Text>
          <Text fw={700} fz="lg">
            {amountLabel}
          </Text>
        </Group>
      </Paper>
      {form}
    </Stack>
  );
}
