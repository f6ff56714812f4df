import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { BulkInviteProgress, ExportPhotosButton, InviteEmployeesButton } from './company-invites';

const options = {
  types: [{ id: 3, name: 'Headshot', durationMinutes: 15, priceCents: 0 }],
  calendars: [{ id: 1, name: 'Booth A', location: 'Floor 3' }],
};

const bulk = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  companyId: 7,
  kind: 'booking',
  status: 'queued',
  total: 3,
  sent: 0,
  failed: 0,
  error: null,
  failures: [],
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('InviteEmployeesButton', () => {
  it('sends a booking invite for the chosen type, then polls the progress until done, listing failures', async () => {
    const answers: Record<string, { status?: number; body?: unknown }> = {
      'GET /studio/appointment-types': { body: options },
      'POST /studio/companies/7/invites': { status: 201, body: bulk() },
      'GET /studio/companies/7/invites/11': { body: bulk({ status: 'running', sent: 1 }) },
    };
    const calls = stubFetch(answers);
    const user = userEvent.setup();
    renderWithProviders(<InviteEmployeesButton companyId={7} employeeCount={3} />);
    await user.click(screen.getByRole('button', { name: 'Invite employees' }));

    const dialog = await screen.findByRole('dialog', { name: 'Invite employees' });
    // No type chosen: said, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Invite 3 employees' }));
    expect(await within(dialog).findByText('Please choose the appointment type to invite to.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await within(dialog).findByPlaceholderText('Choose one');
    await user.click(within(dialog).getByLabelText('Appointment type', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Headshot (15 min)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Invite 3 employees' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ kind: 'booking', appointmentTypeId: 3, calendarIds: [], expiresInDays: 30 });

    // The job runs: the page polls.
    expect(await screen.findByText('Sending booking invites: 1 of 3…', {}, { timeout: 3000 })).toBeInTheDocument();
    answers['GET /studio/companies/7/invites/11'] = {
      body: bulk({ status: 'done', sent: 2, failed: 1, finishedAt: '2026-11-26T10:00:05.000Z', failures: [{ userId: 5, email: 'cy@acme.test', firstName: 'Cy', lastName: 'Diaz', error: 'Mail server refused' }] }),
    };
    expect(await screen.findByText('Done: 2 of 3 booking invites sent, 1 failed.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Employees not invited' })).toHaveTextContent('Cy Diaz (cy@acme.test): Mail server refused');
    expect(screen.getByRole('progressbar', { name: 'Invites sent' })).toHaveAttribute('aria-valuenow', '100');

    // Done: no more polling.
    const polls = calls.filter((c) => c.path === '/studio/companies/7/invites/11').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    expect(calls.filter((c) => c.path === '/studio/companies/7/invites/11').length).toBe(polls);
  }, 15_000);

  it('sends gallery invitations without asking for a type, and shows the server’s refusal', async () => {
    const calls = stubFetch({ 'POST /studio/companies/7/invites': { status: 400, body: { message: 'Acme has no employees to invite yet: add or import them first.' } } });
    const user = userEvent.setup();
    renderWithProviders(<InviteEmployeesButton companyId={7} employeeCount={2} />);
    await user.click(screen.getByRole('button', { name: 'Invite employees' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite employees' });
    await user.click(within(dialog).getByRole('radio', { name: /Their gallery/ }));
    expect(within(dialog).queryByLabelText('Appointment type', { selector: 'input' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Invite 2 employees' }));
    expect(await within(dialog).findByText(/has no employees to invite yet/)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual({ kind: 'gallery' });
  });
});

describe('BulkInviteProgress', () => {
  it('says it waits for the job before it starts', () => {
    renderWithProviders(<BulkInviteProgress bulk={bulk() as never} />);
    expect(screen.getByText('Waiting to start: 3 booking invites…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Invites sent' })).toHaveAttribute('aria-valuenow', '0');
  });

  it('shows a failed job with its reason', () => {
    renderWithProviders(<BulkInviteProgress bulk={bulk({ kind: 'gallery', status: 'failed', sent: 1, error: 'Database went away.' }) as never} />);
    expect(screen.getByText('Done: 1 of 3 gallery invitations sent.')).toBeInTheDocument();
    expect(screen.getByText(/Database went away\./)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Invites sent' })).toHaveAttribute('aria-valuenow', '33');
  });
});

describe('ExportPhotosButton', () => {
  it('asks for a signed link and sends the browser to it', async () => {
    stubFetch({ 'POST /studio/companies/7/export': { body: { url: '/api/company-exports/abc.def', expiresAt: '2026-11-26T10:05:00.000Z' } } });
    const navigate = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ExportPhotosButton companyId={7} navigate={navigate} />);
    await user.click(screen.getByRole('button', { name: 'Export photos (ZIP)' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/api/company-exports/abc.def'));
  });
});
