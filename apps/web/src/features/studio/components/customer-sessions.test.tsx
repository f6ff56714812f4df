import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { StudioCustomerDetail } from '../api/customer';
import { CustomerSessions } from './customer-sessions';

const customer = (overrides: Partial<StudioCustomerDetail> = {}): StudioCustomerDetail => ({
  id: 7,
  email: 'emma@example.com',
  firstName: 'Emma',
  lastName: 'Employee',
  activated: false,
  invitedAt: '2026-11-20T10:00:00Z',
  createdAt: '2026-11-20T10:00:00Z',
  favourites: 2,
  sessions: [
    { id: 3, name: 'Acme day', sessionDate: '2026-11-20', code: 'AcmeDayCode-0123456789abcdef', createdAt: '2026-11-20T10:00:00Z', photos: 24, favourites: 2, skipped: 1, expiresAt: '2027-11-20T10:00:00.000Z', archivedAt: null, reminderSentAt: null },
  ],
  ...overrides,
});

describe('CustomerSessions', () => {
  it('shows each session with its date, code, counts and actions', async () => {
    stubFetch({});
    renderWithProviders(<CustomerSessions customer={customer()} />);
    const card = await screen.findByRole('listitem', { name: 'Acme day' });
    expect(within(card).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(card).getByText('AcmeDayCode-0123456789abcdef')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Copy the code of Acme day' })).toBeInTheDocument();
    expect(within(card).getByText('24 photos')).toBeInTheDocument();
    expect(within(card).getByText('2 favourites')).toBeInTheDocument();
    expect(within(card).getByText('1 skipped')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resend invitation' })).toBeInTheDocument();
  });

  it('renames a session', async () => {
    const calls = stubFetch({ 'PUT /studio/sessions/3': { body: { ...customer().sessions[0], name: 'Acme headshots' } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerSessions customer={customer()} />);
    await user.click(await screen.findByRole('button', { name: 'Rename Acme day' }));
    const input = screen.getByRole('textbox', { name: 'Session name' });
    await user.clear(input);
    await user.type(input, 'Acme headshots{Enter}');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init!.body))).toEqual({ name: 'Acme headshots' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Session name' })).not.toBeInTheDocument());
  });

  it('resends the invitation and says so', async () => {
    const calls = stubFetch({ 'POST /studio/customers/7/invite': { body: { mail: 'invitation', email: 'emma@example.com' } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerSessions customer={customer()} />);
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText('A new invitation went to emma@example.com.')).toBeInTheDocument();
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ sessionId: 3 });
  });

  it('exports the favourites for Lightroom or Capture One', async () => {
    const calls = stubFetch({ 'GET /studio/sessions/3/favourites.txt': { body: 'IMG_0001.jpg,IMG_0002.jpg\n' } });
    URL.createObjectURL = () => 'blob:favourites';
    URL.revokeObjectURL = () => {};
    const user = userEvent.setup();
    renderWithProviders(<CustomerSessions customer={customer()} />);
    await user.click(await screen.findByRole('button', { name: 'Export favourites' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Capture One (one per line)' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/studio/sessions/3/favourites.txt')).toBe(true));
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('format')).toBe('captureone');
  });

  it('deletes a session only once confirmed, and shows why the server refused', async () => {
    const calls = stubFetch({ 'DELETE /studio/sessions/3': { status: 409, body: { message: '“Acme day” has a photo in a retouch order, so it cannot be deleted.' } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomerSessions customer={customer()} />);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this session?' });
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete session' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('“Acme day” has a photo in a retouch order, so it cannot be deleted.')).toBeInTheDocument();
  });

  it('says when there are no sessions', async () => {
    stubFetch({});
    renderWithProviders(<CustomerSessions customer={customer({ sessions: [] })} />);
    expect(await screen.findByText('No sessions yet.')).toBeInTheDocument();
  });
});
