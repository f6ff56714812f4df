import { commerceMessages } from '@studio-gallery/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItem, servicePrices } from '../../../test/cart-fixtures';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { cartStore } from '../stores/cart-store';
import { CartReviewModal } from './cart-review-modal';

const prices = servicePrices;
const tax = { id: 1, taxValue: 8.25 };
const item = cartItem;

function summary() {
  return within(screen.getByRole('region', { name: 'Order Summary' }));
}

describe('CartReviewModal', () => {
  beforeEach(() => {
    cartStore.clear();
    cartStore.add([item(1), item(2), item(3, { serviceType: 'BACKGROUNDSERVICE', price: 9 })]);
  });

  it('lists the items and shows items, tax and total from computeCartTotals; remove updates them', async () => {
    stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: prices }, 'GET /TaxDetail/GetTaxDetail/0': { body: tax } });
    const onPayNow = vi.fn();
    renderWithProviders(<CartReviewModal opened onClose={() => {}} onPayNow={onPayNow} />);
    const dialog = await screen.findByRole('dialog', { name: 'Your Cart' });
    expect(within(dialog).getByText('DSC_3')).toBeInTheDocument();
    expect(summary().getByText('Items (3)')).toBeInTheDocument();
    expect(summary().getByText('$29.00')).toBeInTheDocument();
    expect(summary().getByText('$2.40')).toBeInTheDocument();
    expect(summary().getByText('$31.40')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove DSC_3 (Background replacement)' }));
    expect(summary().getByText('$20.00')).toBeInTheDocument();
    expect(summary().getByText('$21.66')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(onPayNow).toHaveBeenCalledOnce();
  });

  it('Apply is disabled while the code is empty; a coupon applies to the tax-inclusive total and can be removed', async () => {
    const calls = stubFetch({
      'GET /ServicePrice/GetServicePrices': { body: prices },
      'GET /TaxDetail/GetTaxDetail/0': { body: tax },
      'GET /discount/GetDiscountDetails/SAVE10': { body: { code: 'SAVE10', isActive: true, discountPercentage: 10 } },
    });
    renderWithProviders(<CartReviewModal opened onClose={() => {}} onPayNow={() => {}} />);
    const user = userEvent.setup();
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), '  ');
    expect(apply).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'SAVE10');
    await user.click(apply);
    expect(await screen.findByText(commerceMessages.couponApplied(10))).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/discount/GetDiscountDetails/SAVE10')).toBe(true);
    // 31.40 − 3.14 = 28.26
    expect(summary().getByText('Discount (10%)')).toBeInTheDocument();
    expect(summary().getByText('−$3.14')).toBeInTheDocument();
    expect(summary().getByText('$28.26')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByText(commerceMessages.couponRemoved)).toBeInTheDocument();
    expect(summary().getByText('$31.40')).toBeInTheDocument();
    expect(summary().queryByText('−$3.14')).toBeNull();
  });

  it('says "Invalid coupon or expired!" on 204 and "Coupon is not active" for an inactive one', async () => {
    stubFetch({
      'GET /ServicePrice/GetServicePrices': { body: prices },
      'GET /TaxDetail/GetTaxDetail/0': { body: tax },
      'GET /discount/GetDiscountDetails/OLD': { status: 204 },
      'GET /discount/GetDiscountDetails/PAUSED': { body: { code: 'PAUSED', isActive: false, discountPercentage: 20 } },
    });
    renderWithProviders(<CartReviewModal opened onClose={() => {}} onPayNow={() => {}} />);
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Coupon code' });
    await user.type(field, 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(commerceMessages.couponInvalid)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'PAUSED');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(commerceMessages.couponInactive)).toBeInTheDocument();
    expect(summary().getByText('$31.40')).toBeInTheDocument();
    expect(summary().queryByText(/Discount/)).toBeNull();
  });

  it('says "Something went wrong." when the lookup fails', async () => {
    stubFetch({
      'GET /ServicePrice/GetServicePrices': { body: prices },
      'GET /TaxDetail/GetTaxDetail/0': { body: tax },
      'GET /discount/GetDiscountDetails/X': { status: 400, body: { message: 'Bad code' } },
    });
    renderWithProviders(<CartReviewModal opened onClose={() => {}} onPayNow={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'X');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(commerceMessages.somethingWentWrong)).toBeInTheDocument();
  });

  it('shows the empty cart', async () => {
    cartStore.clear();
    stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: prices }, 'GET /TaxDetail/GetTaxDetail/0': { body: tax } });
    renderWithProviders(<CartReviewModal opened onClose={() => {}} onPayNow={() => {}} />);
    expect(await screen.findByText(commerceMessages.cartEmpty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull();
  });
});
