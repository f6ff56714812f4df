import { commerceMessages, type CartItemInput } from '@studio-gallery/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartDialog } from '../../features/cart/stores/cart-dialog';
import { cartStore } from '../../features/cart/stores/cart-store';
import { cartItem, servicePrices } from '../../test/cart-fixtures';
import { fakeJwt, renderWithProviders, stubFetch } from '../../test/render';
import { CartFlow } from './cart-flow';

const token = fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 });
const prices = servicePrices;
const item = (imageid: number, over: Partial<CartItemInput> = {}) => cartItem(imageid, { tax: 0, ...over });
const order = (totalPrice: number) => ({
  id: 12, orderId: 'SP-12', orderDate: '2026-11-22T10:00:00.000Z', status: 'PENDING', dueAt: '2026-11-25T10:00:00.000Z', deliveredAt: null,
  transactionId: null, itemPrice: 10, tax: 0, discountPercentage: 100, discount: 10, totalPrice, couponCode: 'FREE', cardBrand: null,
  items: [{ imageid: 1, name: 'DSC_1', serviceType: 'TOUCHUPSERVICE', sessionid: 1, price: 10, tax: 0, delivered: false }],
});

describe('CartFlow', () => {
  beforeEach(() => {
    localStorage.setItem('token', token);
    localStorage.setItem('eusid', '5');
    localStorage.setItem('userlogin', 'demo@example.com');
    cartStore.clear();
    cartDialog.open();
  });

  it('refuses a total of $0.50 or less before calling the server', async () => {
    const calls = stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: { ...prices, touchServicePrice: 0.5 } }, 'GET /TaxDetail/GetTaxDetail/0': { body: { id: 1, taxValue: 0 } } });
    cartStore.add([item(1, { price: 0.5 })]);
    renderWithProviders(<CartFlow />);
    const user = userEvent.setup();
    const payNow = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(payNow).toBeEnabled());
    await user.click(payNow);
    expect(await screen.findByText(commerceMessages.minimumPayment)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/transaxtions'))).toBe(false);
  });

  it('a 100 % coupon orders without payment: special request with transactionId null, then Order placed and an empty cart', async () => {
    const calls = stubFetch({
      'GET /ServicePrice/GetServicePrices': { body: prices },
      'GET /TaxDetail/GetTaxDetail/0': { body: { id: 1, taxValue: 0 } },
      'GET /discount/GetDiscountDetails/FREE': { body: { code: 'FREE', isActive: true, discountPercentage: 100 } },
      'POST /SpecialRequest': { body: { success: true, massage: 'ok', message: 'ok', order: order(0) } },
    });
    cartStore.add([item(1)]);
    renderWithProviders(<CartFlow />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Coupon code' }), 'FREE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText(commerceMessages.couponApplied(100));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('dialog', { name: 'Order placed' })).toBeInTheDocument();
    expect(screen.getByText(/3-day turnaround \(72 hours\)/)).toBeInTheDocument();
    expect(await screen.findByText(commerceMessages.specialRequestCreated)).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.path === '/SpecialRequest')!;
    expect(JSON.parse(String(post.init!.body))).toMatchObject({ transactionId: null, totalPrice: 0, couponCode: 'FREE', orderDetails: [{ imageid: 1 }] });
    expect(cartStore.getState().items).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Order placed' })).toBeNull());
  });
});
