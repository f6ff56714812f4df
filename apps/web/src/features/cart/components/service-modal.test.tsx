import { alreadyOrderedText, commerceMessages, galleryMessages, storageKeys } from '@studio-gallery/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../../../test/render';
import { cartStore } from '../stores/cart-store';
import { ServiceModal } from './service-modal';

const photos = [
  { id: 1, sessionId: 1, name: 'DSC_1001', thumbnailUrl: '/t1.webp', isRetouched: false },
  { id: 2, sessionId: 1, name: 'DSC_1002', thumbnailUrl: '/t2.webp', isRetouched: true },
];
const tax = { 'GET /TaxDetail/GetTaxDetail/0': { body: { id: 1, taxValue: 8.25 } } };

describe('ServiceModal', () => {
  beforeEach(() => cartStore.clear());

  it('adds the photos at the looked-up price; touch-up leaves retouched photos out; ADD TO CART turns into ADDED', async () => {
    stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: { touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' } }, ...tax });
    renderWithProviders(<ServiceModal opened onClose={() => {}} serviceType="TOUCHUPSERVICE" photos={photos} canOrder loginHref="/login" />);
    expect(await screen.findByRole('dialog', { name: 'Professional touch-up' })).toBeInTheDocument();
    expect(await screen.findByText('3-day turnaround (72 hours)')).toBeInTheDocument();
    expect(screen.getByText('$10.00')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'DSC_1002' })).toBeNull();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText(commerceMessages.itemAddedToCart)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Added' })).toBeInTheDocument();
    expect(cartStore.getState().items).toEqual([
      { imageid: 1, image: '/t1.webp', name: 'DSC_1001', price: 10, tax: 0.0825, serviceType: 'TOUCHUPSERVICE', sessionid: 1 },
    ]);
    expect(localStorage.getItem(storageKeys.totalItems)).toBe('1');
  });

  it('warns with the order number when a photo already has this service ordered (issue 24 §6)', async () => {
    localStorage.setItem('token', fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 }));
    localStorage.setItem('eusid', '5');
    const ordered = { photoId: 1, serviceType: 'BACKGROUNDSERVICE', orderId: 12, orderNumber: 'SP-12', status: 'ordered' } as const;
    const calls = stubFetch({
      'GET /ServicePrice/GetServicePrices': { body: { touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' } },
      'GET /SpecialRequest/ordered-photos': { body: { items: [ordered] } },
      ...tax,
    });
    renderWithProviders(<ServiceModal opened onClose={() => {}} serviceType="BACKGROUNDSERVICE" photos={photos} canOrder loginHref="/login" />);
    expect(await screen.findByText(alreadyOrderedText('DSC_1001', ordered))).toBeInTheDocument();
    expect(screen.getByText(/\(order SP-12\)/)).toBeInTheDocument();
    const asked = new URL(calls.find((c) => c.path === '/SpecialRequest/ordered-photos')!.url, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ serviceType: 'BACKGROUNDSERVICE', photoIds: '1,2' });
  });

  it('a missing price shows a disabled LOGIN ADD TO CART', async () => {
    stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: { touchServicePrice: 10, backgroundServicePrice: null, allowedTurnAround: 72, currency: 'USD' } }, ...tax });
    renderWithProviders(<ServiceModal opened onClose={() => {}} serviceType="BACKGROUNDSERVICE" photos={photos} canOrder loginHref="/login" />);
    expect(await screen.findByRole('button', { name: 'Login add to cart' })).toBeDisabled();
  });

  it('session-code visitors are told to log in', async () => {
    stubFetch({ 'GET /ServicePrice/GetServicePrices': { body: { touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' } }, ...tax });
    renderWithProviders(<ServiceModal opened onClose={() => {}} serviceType="BACKGROUNDSERVICE" photos={photos} canOrder={false} loginHref="/login" />);
    expect(await screen.findByText(galleryMessages.addToCartNeedsLogin)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
  });
});
