import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../test/render';
import { routes } from './router';

/** The studio's settings screens (issue 15 §4): prices and coupons for admins, surveys for staff. */

const token = fakeJwt({ unique_name: '9', email: 'admin@studio.test', id_token: 'z', iat: 1, exp: 4_000_000_000 });

function signIn() {
  localStorage.setItem('token', token);
  localStorage.setItem('eusid', '9');
  localStorage.setItem('userlogin', 'admin@studio.test');
}

const account = (role: 'staff' | 'admin') => ({
  id: 9, userId: 9, login: 'admin@studio.test', firstName: 'Ada', lastName: 'Admin', email: 'admin@studio.test', contactNumber: null, imageUrl: null, activated: true, role,
});
const today = { date: '2026-11-26', timeZone: 'Europe/Berlin', bookings: [], ordersDue: 0, newActivity: 0, expiringGalleries: [] };
const revenue = { timeZone: 'Europe/Berlin', weeks: [{ week: '2026-W48', start: '2026-11-23', orders: 2, revenueCents: 2500 }] };

describe('/studio settings routes', () => {
  it('shows admins Prices and Coupons in the navigation and their screens', async () => {
    stubFetch({
      'GET /account': { body: account('admin') },
      'GET /studio/prices': { body: { touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 } },
      'GET /studio/coupons': { body: { items: [] } },
    });
    signIn();
    const view = renderWithProviders(<></>, { path: '/studio/prices', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prices' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Professional touch-up')).toHaveValue('$10');
    const nav = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(nav).getByRole('link', { name: 'Prices' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/studio/coupons');
    expect(within(nav).getByRole('link', { name: 'Surveys' })).toHaveAttribute('href', '/studio/surveys');
    view.unmount();

    renderWithProviders(<></>, { path: '/studio/coupons', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Coupons' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('No coupons yet.')).toBeInTheDocument();
  }, 30_000);

  it('sends staff opening /studio/prices or /studio/coupons to /studio, where the home screen has the chart', async () => {
    const calls = stubFetch({ 'GET /account': { body: account('staff') }, 'GET /studio/today': { body: today }, 'GET /studio/revenue': { body: revenue } });
    signIn();
    for (const path of ['/studio/prices', '/studio/coupons']) {
      const view = renderWithProviders(<></>, { path, routes });
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/studio'), { timeout: 10_000 });
      expect(await screen.findByText(/2 paid orders, \$25\.00 in the last 1 weeks\./)).toBeInTheDocument();
      expect(within(screen.getByRole('navigation', { name: 'Studio' })).queryByRole('link', { name: 'Prices' })).not.toBeInTheDocument();
      view.unmount();
    }
    expect(calls.some((c) => c.path === '/studio/prices' || c.path === '/studio/coupons')).toBe(false);
  }, 30_000);

  it('shows staff the surveys', async () => {
    stubFetch({ 'GET /account': { body: account('staff') }, 'GET /studio/surveys': { body: { items: [] } } });
    signIn();
    renderWithProviders(<></>, { path: '/studio/surveys', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Surveys' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText('No surveys yet.')).toBeInTheDocument();
  }, 20_000);
});
