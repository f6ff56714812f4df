import { useState } from 'react';
import { checkoutKind, commerceMessages, toDollars, type CartItem, type SpecialRequestOrder } from '@studio-gallery/contract';
import { useServicePrices } from '../../lib/service-prices';
import { CartReviewModal } from '../../features/cart/components/cart-review-modal';
import { cartDialog, useCartDialogOpen } from '../../features/cart/stores/cart-dialog';
import { cartStore, cartTotalsOf, useCart, type AppliedCoupon } from '../../features/cart/stores/cart-store';
import { useCreateSpecialRequest } from '../../features/checkout/api/create-special-request';
import { OrderSuccessModal } from '../../features/checkout/components/order-success-modal';
import { PaymentModal } from '../../features/checkout/components/payment-modal';
import { errorMessage } from '../../lib/api-client';
import { endGallerySelection } from '../../lib/gallery-selection';
import { useSession } from '../../lib/session';

/**
 * Cart → payment → order placed (spec §4 "Checkout"), composed from the cart and checkout features.
 * Pay Now checks the minimum and the email first; a zero total (100 % coupon) orders without payment.
 */
export function CartFlow() {
  const opened = useCartDialogOpen();
  const cart = useCart();
  const session = useSession();
  const [order, setOrder] = useState<SpecialRequestOrder | null>(null);
  const prices = useServicePrices(order !== null);
  const freeOrder = useCreateSpecialRequest();
  const [payError, setPayError] = useState<string | null>(null);
  const [payment, setPayment] = useState<{ items: CartItem[]; coupon: AppliedCoupon | null } | null>(null);

  const onOrdered = (placed: SpecialRequestOrder) => {
    cartStore.clear();
    // The photos just paid for are not the next order's (issue 24 §6).
    endGallerySelection();
    cartDialog.close();
    setPayment(null);
    setOrder(placed);
  };

  const onPayNow = () => {
    setPayError(null);
    const email = session?.email;
    if (!email) {
      setPayError(commerceMessages.emailRequiredForPayment);
      return;
    }
    const totals = cartTotalsOf(cart);
    const kind = checkoutKind(totals.totalCents);
    if (kind === 'below-minimum') {
      setPayError(commerceMessages.minimumPayment);
      return;
    }
    if (kind === 'free') {
      freeOrder.mutate(
        { transactionId: null, totalPrice: toDollars(totals.totalCents), orderDetails: cart.items, couponCode: cart.coupon?.code ?? null },
        { onSuccess: (result) => onOrdered(result.order), onError: (error) => setPayError(errorMessage(error, commerceMessages.somethingWentWrong)) },
      );
      return;
    }
    cartDialog.close();
    setPayment({ items: cart.items, coupon: cart.coupon });
  };

  return (
    <>
      <CartReviewModal
        opened={opened}
        onClose={() => {
          setPayError(null);
          cartDialog.close();
        }}
        onPayNow={onPayNow}
        payError={payError}
        paying={freeOrder.isPending}
      />
      <PaymentModal
        opened={payment !== null}
        onClose={() => {
          setPayment(null);
          cartDialog.open();
        }}
        items={payment?.items ?? []}
        coupon={payment?.coupon ?? null}
        email={session?.email ?? ''}
        onOrdered={onOrdered}
      />
      <OrderSuccessModal order={order} turnaroundHours={prices.data?.allowedTurnAround ?? null} onDone={() => setOrder(null)} />
    </>
  );
}
