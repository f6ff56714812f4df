import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { StudioCustomerSession } from '../api/customer';
import { SessionLifecycle } from './session-lifecycle';

const session = (overrides: Partial<StudioCustomerSession> = {}): StudioCustomerSession => ({
  id: 3,
  name: 'Acme day',
  sessionDate: '2026-11-20',
  code: 'AcmeDayCode-0123456789abcdef',
  createdAt: '2026-11-20T10:00:00Z',
  photos: 24,
  favourites: 2,
  skipped: 0,
  expiresAt: '2027-11-20T23:59:59.999Z',
  archivedAt: null,
  reminderSentAt: null,
  ...overrides,
});

const bodyOf = (calls: ReturnType<typeof stubFetch>, method: string) => {
  const call = calls.find((c) => c.method === method);
  return call?.init?.body === undefined ? undefined : JSON.parse(String(call.init.body));
};

describe('SessionLifecycle', () => {
  it('shows when a live gallery expires and whether the reminder went out', () => {
    stubFetch({});
    renderWithProviders(<SessionLifecycle customerId={7} session={session({ reminderSentAt: '2027-11-06T08:00:00Z' })} />);
    expect(screen.getByText('Expires 20 Nov 2027 · reminder sent 6 Nov 2027')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change expiry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
  });

  it('changes the expiry to the day picked', async () => {
    const calls = stubFetch({ 'PUT /studio/sessions/3/expiry': { body: session({ expiresAt: '2027-11-25T23:59:59.999Z' }) } });
    const user = userEvent.setup();
    renderWithProviders(<SessionLifecycle customerId={7} session={session()} />);
    await user.click(screen.getByRole('button', { name: 'Change expiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the expiry' });
    await user.click(within(dialog).getByRole('button', { name: /Online until/ }));
    await user.click(await screen.findByRole('button', { name: '25 November 2027' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    await waitFor(() => expect(bodyOf(calls, 'PUT')).toEqual({ expiresOn: '2027-11-25' }));
    expect(await screen.findByText('“Acme day” is online until 25 Nov 2027.')).toBeInTheDocument();
  });

  it('shows why the server refused a new expiry', async () => {
    stubFetch({ 'PUT /studio/sessions/3/expiry': { status: 400, body: { message: 'Please pick a date in the future.' } } });
    const user = userEvent.setup();
    renderWithProviders(<SessionLifecycle customerId={7} session={session()} />);
    await user.click(screen.getByRole('button', { name: 'Change expiry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the expiry' });
    await user.click(within(dialog).getByRole('button', { name: 'Save expiry' }));
    expect(await screen.findByText('Please pick a date in the future.')).toBeInTheDocument();
  });

  it('archives only once confirmed', async () => {
    const calls = stubFetch({ 'POST /studio/sessions/3/archive': { body: session({ archivedAt: '2026-11-26T10:00:00Z' }) } });
    const user = userEvent.setup();
    renderWithProviders(<SessionLifecycle customerId={7} session={session()} />);
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive this gallery?' });
    expect(within(dialog).getByText(/will no longer see or download the photos of “Acme day”/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Archive gallery' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/studio/sessions/3/archive')).toBe(true));
    expect(await screen.findByText('The customer no longer sees the photos of “Acme day”.')).toBeInTheDocument();
  });

  it('marks an archived gallery and restores it for a year by default', async () => {
    const calls = stubFetch({ 'POST /studio/sessions/3/restore': { body: session() } });
    const user = userEvent.setup();
    renderWithProviders(<SessionLifecycle customerId={7} session={session({ archivedAt: '2027-11-21T03:00:00Z' })} />);
    expect(screen.getByText('Archived on 21 Nov 2027')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change expiry' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this gallery?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore gallery' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const inAYear = new Date();
    inAYear.setUTCFullYear(inAYear.getUTCFullYear() + 1);
    expect(bodyOf(calls, 'POST').expiresOn.slice(0, 7)).toBe(inAYear.toISOString().slice(0, 7));
  });
});
