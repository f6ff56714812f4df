import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../test/render';
import { routes } from './router';

const token = fakeJwt({ unique_name: '9', email: 'staff@studio.test', id_token: 'z', iat: 1, exp: 4_000_000_000 });

function signIn() {
  localStorage.setItem('token', token);
  localStorage.setItem('eusid', '9');
  localStorage.setItem('userlogin', 'staff@studio.test');
}

const account = (role: 'customer' | 'staff' | 'admin') => ({
  id: 9, userId: 9, login: 'staff@studio.test', firstName: 'Sam', lastName: 'Staff', email: 'staff@studio.test',
  contactNumber: null, imageUrl: null, activated: true, role,
});

const today = { date: '2026-11-26', timeZone: 'Europe/Berlin', bookings: [], ordersDue: 0, newActivity: 0, expiringGalleries: [] };

describe('/studio routes', () => {
  it('sends a signed-out visitor of /studio to /login', async () => {
    const calls = stubFetch({});
    const { router } = renderWithProviders(<></>, { path: '/studio/customers', routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(calls.some((c) => c.path.startsWith('/studio'))).toBe(false);
  });

  it('sends a signed-in customer opening /studio to /main, without asking for studio data', async () => {
    const calls = stubFetch({ 'GET /account': { body: account('customer') } });
    signIn();
    const { router } = renderWithProviders(<></>, { path: '/studio', routes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'), { timeout: 20_000 });
    expect(calls.some((c) => c.path.startsWith('/studio'))).toBe(false);
  }, 30_000);

  it('shows staff the studio: navigation without Staff, their email and Logout', async () => {
    stubFetch({ 'GET /account': { body: account('staff') }, 'GET /studio/today': { body: today } });
    signIn();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<></>, { path: '/studio', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' }, { timeout: 10_000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent?.replace('The gallery as customers see it', ''), link.getAttribute('href')])).toEqual([
      ['Home', '/studio'],
      ['Customers', '/studio/customers'],
      ['Companies', '/studio/companies'],
      ['Shoots', '/studio/shoots'],
      ['Orders', '/studio/orders'],
      ['Bookings', '/studio/bookings'],
      ['Calendars', '/studio/calendars'],
      ['Appointment types', '/studio/appointment-types'],
      ['Invites', '/studio/invites'],
      ['Activity', '/studio/activity'],
      ['Surveys', '/studio/surveys'],
      ['Background jobs', '/studio/jobs'],
      ['Customer gallery', '/main'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('staff@studio.test')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  }, 20_000);

  it('shows admins the Staff entry; staff opening /studio/staff are sent to /studio', async () => {
    stubFetch({ 'GET /account': { body: account('admin') }, 'GET /studio/today': { body: today }, 'GET /studio/staff': { body: { items: [] } } });
    signIn();
    const admin = renderWithProviders(<></>, { path: '/studio/staff', routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Studio' })).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');
    admin.unmount();

    stubFetch({ 'GET /account': { body: account('staff') }, 'GET /studio/today': { body: today } });
    const staff = renderWithProviders(<></>, { path: '/studio/staff', routes });
    await waitFor(() => expect(staff.router.state.location.pathname).toBe('/studio'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
  }, 20_000);

  it('lands staff on /studio after signing in on /login (the role from GET /account)', async () => {
    const calls = stubFetch({
      'GET /auth/config': { body: { googleClientId: null } },
      'POST /authenticate': { body: { id_token: token, token, expiresAt: '2099-01-01T00:00:00Z' } },
      'GET /account': { body: account('staff') },
      'GET /studio/today': { body: today },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<></>, { path: '/login', routes });
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'staff@studio.test');
    await user.type(screen.getByLabelText('Password'), 'Studio1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio'), { timeout: 10_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    // The layout reads the account the login already fetched: one request for it.
    expect(calls.filter((c) => c.path === '/account')).toHaveLength(1);
  }, 20_000);

  it('lands a customer on /main after signing in on /login', async () => {
    stubFetch({
      'GET /auth/config': { body: { googleClientId: null } },
      'POST /authenticate': { body: { id_token: token, token, expiresAt: '2099-01-01T00:00:00Z' } },
      'GET /account': { body: account('customer') },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<></>, { path: '/login', routes });
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'staff@studio.test');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main'), { timeout: 10_000 });
  }, 20_000);
});
