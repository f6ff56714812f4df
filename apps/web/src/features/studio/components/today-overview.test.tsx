import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { TodayOverview } from './today-overview';

const booking = (id: number, label: string, customerName: string, status: 'booked' | 'cancelled' = 'booked') => ({
  id, time: `2026-11-26T09:30:00+01:00`, endTime: `2026-11-26T10:00:00+01:00`, label, calendarId: 1, calendarName: 'Main studio',
  typeName: 'Headshot', customerName, email: `${customerName.split(' ')[0]!.toLowerCase()}@example.com`, status,
});

describe('TodayOverview', () => {
  it("shows today's bookings (time, calendar, type, customer, email) and the counts", async () => {
    const calls = stubFetch({
      'GET /studio/today': {
        body: {
          date: '2026-11-26', timeZone: 'Europe/Berlin', ordersDue: 3, newActivity: 5,
          bookings: [booking(1, '9:30 AM', 'Ana Lima'), booking(2, '11:00 AM', 'Ben Ode', 'cancelled')],
          expiringGalleries: [
            { sessionId: 4, sessionName: 'Acme day', customerId: 9, customerName: 'Ana Lima', expiresAt: '2026-12-03T23:59:59.999Z', reminderSentAt: '2026-11-19T06:00:00.000Z' },
          ],
        },
      },
    });
    renderWithProviders(<TodayOverview />);
    const table = await screen.findByRole('table', { name: "Today's bookings" });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['9:30 AM', 'Main studio', 'Headshot', 'Ana Lima', 'ana@example.com'],
      ['11:00 AMCancelled', 'Main studio', 'Headshot', 'Ben Ode', 'ben@example.com'],
    ]);
    expect(screen.getByLabelText('Bookings today: 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Orders due: 3')).toBeInTheDocument();
    expect(screen.getByLabelText('New activity: 5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the activity' })).toHaveAttribute('href', '/studio/activity');
    expect(screen.getByText('Thursday, 26 November 2026 · times in Europe/Berlin')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /studio/today']);
    const expiring = screen.getByRole('table', { name: 'Galleries expiring soon' });
    const [row] = within(expiring).getAllByRole('row').slice(1);
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3 Dec 2026', 'Ana Lima', 'Acme day', 'Sent 19 Nov 2026']);
    expect(within(row!).getByRole('link', { name: 'Ana Lima' })).toHaveAttribute('href', '/studio/customers/9');
  });

  it('says so when there is nothing today', async () => {
    stubFetch({ 'GET /studio/today': { body: { date: '2026-11-26', timeZone: 'Europe/Berlin', ordersDue: 0, newActivity: 0, bookings: [], expiringGalleries: [] } } });
    renderWithProviders(<TodayOverview />);
    expect(await screen.findByText('No bookings today.')).toBeInTheDocument();
    expect(screen.getByText('No retouch orders waiting.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nothing new in the last 24 hours' })).toHaveAttribute('href', '/studio/activity');
    expect(screen.queryByRole('table', { name: 'Galleries expiring soon' })).not.toBeInTheDocument();
  });

  it('offers to try again when the overview fails', async () => {
    stubFetch({ 'GET /studio/today': { status: 403, body: { message: 'Forbidden' } } });
    renderWithProviders(<TodayOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Today's overview could not be loaded.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
