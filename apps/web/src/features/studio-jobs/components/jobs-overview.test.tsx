import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { JobsOverview } from './jobs-overview';

const ID = '7b0c1f7e-1d9a-4a4e-9a53-3a1f0c2b9d10';

const UNDELIVERED = [
  {
    id: 41,
    kind: 'booking-confirmation',
    to: 'ann@example.com',
    subject: 'Your Headshot is booked',
    status: 'pending',
    attempts: 1,
    lastError: "EEXIST: file already exists, mkdir '/data/outbox'",
    nextAttemptAt: '2026-11-26T10:07:00Z',
    createdAt: '2026-11-26T10:05:00Z',
  },
  { id: 40, kind: 'order-placed', to: 'studio@example.com', subject: 'New retouch order SP-9', status: 'failed', attempts: 10, lastError: 'connect ECONNREFUSED', nextAttemptAt: null, createdAt: '2026-11-25T09:00:00Z' },
];

const jobs = (failed: { id: string }[] = [{ id: ID }], mails = UNDELIVERED) => ({
  backend: 'local',
  mails: { counts: { pending: mails.filter((m) => m.status === 'pending').length, failed: mails.filter((m) => m.status === 'failed').length }, items: mails, total: mails.length },
  counts: { queued: 2, retrying: 1, active: 0, completed: 14, failed: failed.length },
  byName: [],
  failed: {
    total: failed.length,
    items: failed.map(({ id }) => ({
      id,
      name: 'appointment-reminder',
      payloadSummary: '{"appointmentId":12,"at":"2026-11-26T10:00:00.000Z"}',
      attempts: 6,
      lastError: 'SMTP server refused the connection',
      failedAt: '2026-11-26T10:05:00Z',
    })),
  },
});

describe('JobsOverview', () => {
  it('shows the counts per state and the failed jobs with their error, attempts and payload', async () => {
    stubFetch({ 'GET /studio/jobs': { body: jobs() } });
    renderWithProviders(<JobsOverview />);
    expect(await screen.findByLabelText('Queued: 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Retrying: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Running: 0')).toBeInTheDocument();
    expect(screen.getByLabelText('Completed: 14')).toBeInTheDocument();
    expect(screen.getByLabelText('Failed: 1')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Failed jobs' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Failed', 'Job', 'Error', 'Attempts', 'Actions']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('Appointment reminder mail')).toBeInTheDocument();
    expect(within(row).getByText('SMTP server refused the connection')).toBeInTheDocument();
    expect(within(row).getByText('6')).toBeInTheDocument();
    expect(within(row).getByText(/"appointmentId":12/)).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('datetime', '2026-11-26T10:05:00Z');
  });

  it('retries a failed job and asks for the list again', async () => {
    const calls = stubFetch({ 'GET /studio/jobs': { body: jobs() }, [`POST /studio/jobs/${ID}/retry`]: { body: { id: ID, name: 'appointment-reminder' } } });
    const user = userEvent.setup();
    renderWithProviders(<JobsOverview />);
    await user.click(await screen.findByRole('button', { name: /^Retry Appointment reminder mail/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/studio/jobs/${ID}/retry`)).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/studio/jobs').length).toBeGreaterThanOrEqual(2));
  });

  it('says what went wrong when the job is no longer failed', async () => {
    stubFetch({ 'GET /studio/jobs': { body: jobs() }, [`POST /studio/jobs/${ID}/retry`]: { status: 404, body: { message: 'There is no failed job with this id.' } } });
    const user = userEvent.setup();
    renderWithProviders(<JobsOverview />);
    await user.click(await screen.findByRole('button', { name: /^Retry / }));
    expect(await screen.findByText('There is no failed job with this id.')).toBeInTheDocument();
  });

  it('says so when no job failed and every mail went', async () => {
    stubFetch({ 'GET /studio/jobs': { body: jobs([], []) } });
    renderWithProviders(<JobsOverview />);
    expect(await screen.findByText('No failed jobs.')).toBeInTheDocument();
    expect(screen.getByText('Every mail has been delivered.')).toBeInTheDocument();
  });

  it('lists the undelivered mails with their status, error and attempts, and sends one again', async () => {
    const calls = stubFetch({ 'GET /studio/jobs': { body: jobs() }, 'POST /studio/jobs/mails/41/retry': { body: { ...UNDELIVERED[0], lastError: null } } });
    const user = userEvent.setup();
    renderWithProviders(<JobsOverview />);
    const table = await screen.findByRole('table', { name: 'Undelivered mails' });
    expect(screen.getByLabelText('Pending mails: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Failed mails: 1')).toBeInTheDocument();
    const [, pending, failed] = within(table).getAllByRole('row');
    expect(within(pending!).getByText('Booking confirmation to ann@example.com')).toBeInTheDocument();
    expect(within(pending!).getByText('Pending')).toBeInTheDocument();
    expect(within(pending!).getByText(/EEXIST/)).toBeInTheDocument();
    expect(within(failed!).getByText('Failed')).toBeInTheDocument();
    expect(within(failed!).getByText('10')).toBeInTheDocument();
    await user.click(within(pending!).getByRole('button', { name: 'Send again: Booking confirmation to ann@example.com' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/studio/jobs/mails/41/retry')).toBe(true));
  });
});
