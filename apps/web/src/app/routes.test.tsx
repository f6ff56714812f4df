import { messages } from '@studio-gallery/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../config/version';
import { fakeJwt, renderWithProviders, stubFetch } from '../test/render';
import { routes } from './router';

const token = fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 });

function signIn() {
  localStorage.setItem('token', token);
  localStorage.setItem('eusid', '5');
  localStorage.setItem('userlogin', 'demo@example.com');
}

const user5 = {
  id: 5, userId: 5, login: 'demo@example.com', firstName: 'Demo', lastName: 'Customer',
  email: 'demo@example.com', contactNumber: null, imageUrl: null, activated: true,
};

/** Every lazy route's code, loaded once: the tests' timeouts then measure screens, not module loading. */
async function loadLazyRoutes(list: RouteObject[]): Promise<void> {
  await Promise.all(
    list.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadLazyRoutes(route.children);
    }),
  );
}

describe('routes', () => {
  beforeAll(() => loadLazyRoutes(routes), 120_000);

  it('sends a signed-out visitor of /main to /login and clears storage but the theme', async () => {
    stubFetch({});
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('totalItems', '3');
    const { router } = renderWithProviders(<></>, { path: '/main', routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('totalItems')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('lets a visitor holding a session code (from q) open /main', async () => {
    stubFetch({});
    const q = btoa(JSON.stringify({ code: 'VOUCHER' }));
    const { router } = renderWithProviders(<></>, { path: `/main?q=${q}`, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/main');
    expect(localStorage.getItem('code')).toBe('VOUCHER');
  });

  it('/login clears local storage on load, keeping the theme', async () => {
    stubFetch({});
    signIn();
    localStorage.setItem('theme', 'dark');
    renderWithProviders(<></>, { path: '/login', routes });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('sends signed-in users from /forgot-password to / and on to /main', async () => {
    stubFetch({});
    signIn();
    const { router } = renderWithProviders(<></>, { path: '/forgot-password', routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'));
  });

  it('shows the layout: active entry, email in the user menu, cart count, logout', async () => {
    stubFetch({ 'GET /users/user-orders/details/5': { body: [] } });
    signIn();
    const item = (imageid: number) => ({ imageid, image: '', name: `P${imageid}`, price: 10, tax: 0.1, serviceType: 'TOUCHUPSERVICE', sessionid: 1 });
    localStorage.setItem('currentCart', JSON.stringify([item(1), item(2)]));
    localStorage.setItem('totalItems', '2');
    const user = userEvent.setup();
    const { router } = renderWithProviders(<></>, { path: '/faq', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help & FAQs' })).toBeInTheDocument();
    const sidebar = screen.getAllByRole('navigation', { name: 'Sidebar' })[0]!;
    expect(within(sidebar).getByRole('link', { name: 'Help & FAQs' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByRole('link', { name: 'Your Photoshoot' })).not.toHaveAttribute('aria-current');
    expect(await within(sidebar).findByText('No recent orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart' })).toHaveAccessibleDescription('2 items');
    expect(screen.getByText('demo@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
    // The version (the root package.json's, put in by the build) on Help & FAQs.
    expect(screen.getByText(`Version ${APP_VERSION}`)).toBeInTheDocument();
    // The phone menu leads to real screens only.
    const phoneMenu = screen.getByRole('navigation', { name: 'Gallery' });
    expect(within(phoneMenu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Recent', '/main'],
      ['Favorites', '/main/favourites'],
      ['Retouched', '/main/retouched'],
      ['Shared', '/main/shared'],
      ['Downloads', '/main/download'],
    ]);

    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the five settings tabs and "No invoices found." without orders', async () => {
    stubFetch({
      'GET /users/5': { body: user5 },
      'GET /users/user-orders/details/5': { body: [] },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<></>, { path: '/settings', routes });
    for (const name of ['Profile Information', 'Notification', 'Preference', 'Security', 'Bill & Invoices']) {
      expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    }
    expect(await screen.findByDisplayValue('Demo')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.click(screen.getByRole('tab', { name: 'Bill & Invoices' }));
    expect(await screen.findByText(messages.noInvoices)).toBeInTheDocument();
  });

  it('shows a wrong current password on its field', async () => {
    stubFetch({
      'GET /users/5': { body: user5 },
      'POST /account/change-password': { status: 400, body: { message: messages.currentPasswordIncorrect } },
    });
    signIn();
    const user = userEvent.setup();
    renderWithProviders(<></>, { path: '/settings?tab=security', routes });
    await user.type(await screen.findByLabelText('Current Password'), 'Wrong1234');
    await user.type(screen.getByLabelText('New Password'), 'NewPass123');
    await user.type(screen.getByLabelText('Confirm New Password'), 'NewPass123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(messages.currentPasswordIncorrect),
    );
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('answers unknown routes with a 404 page', async () => {
    stubFetch({});
    renderWithProviders(<></>, { path: '/no-such-page', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
