import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { daysFrom } from '../lib/week';
import { BookingsWeek } from './bookings-week';

const booking = (id: number, date: string, label: string, customerName: string, calendarId = 1) => ({
  id, time: `${date}T09:30:00+01:00`, endTime: `${date}T10:00:00+01:00`, label, calendarId, calendarName: 'Main studio',
  typeName: 'Headshot', customerName, email: 'x@example.com', status: 'booked' as const,
});

function week(calendarId: number, calendarName: string, from: string, bookings: Record<string, ReturnType<typeof booking>[]>) {
  return { calendarId, calendarName, timeZone: 'Europe/Berlin', days: daysFrom(from, 7).map((date) => ({ date, bookings: bookings[date] ?? [] })) };
}

const today = { date: '2026-11-26', timeZone: 'Europe/Berlin', bookings: [], ordersDue: 0, newActivity: 0, expiringGalleries: [] };

function queryOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('BookingsWeek', () => {
  it("shows this week's days of the first calendar, today highlighted, and moves by weeks with from=…", async () => {
    const calls = stubFetch({
      'GET /studio/today': { body: today },
      'GET /studio/bookings': {
        body: {
          from: '2026-11-23', days: 7,
          calendars: [
            week(1, 'Main studio', '2026-11-23', { '2026-11-26': [booking(1, '2026-11-26', '9:30 AM', 'Ana Lima')] }),
            week(2, 'Rooftop', '2026-11-23', { '2026-11-24': [booking(2, '2026-11-24', '2:00 PM', 'Ben Ode', 2)] }),
          ],
        },
      },
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<BookingsWeek />);
    const grid = await screen.findByRole('list', { name: 'Main studio, 23 Nov – 29 Nov 2026' });
    const days = within(grid).getAllByRole('listitem');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName('Monday, 23 November 2026: no bookings');
    expect(days[3]).toHaveAttribute('aria-current', 'date');
    expect(days[3]).toHaveAccessibleName('Thursday, 26 November 2026 (today): 1 booking');
    expect(within(days[3]!).getByText('9:30 AM')).toBeInTheDocument();
    expect(within(days[3]!).getByText('Ana Lima')).toBeInTheDocument();
    expect(within(days[3]!).getByText('Headshot')).toBeInTheDocument();
    expect(screen.getByText('1 booking · times in Europe/Berlin')).toBeInTheDocument();
    const bookingCalls = () => calls.filter((c) => c.path === '/studio/bookings').map((c) => queryOf(c.url));
    expect(bookingCalls()).toEqual([{ from: '2026-11-23', days: '7' }]);

    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(bookingCalls().at(-1)).toEqual({ from: '2026-11-30', days: '7' }));
    expect(router.state.location.search).toBe('?from=2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(bookingCalls().at(-1)).toEqual({ from: '2026-11-16', days: '7' }));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(await screen.findByRole('list', { name: 'Main studio, 23 Nov – 29 Nov 2026' })).toBeInTheDocument();
  });

  it('shows the chosen calendar', async () => {
    stubFetch({
      'GET /studio/today': { body: today },
      'GET /studio/bookings': {
        body: {
          from: '2026-11-23', days: 7,
          calendars: [
            week(1, 'Main studio', '2026-11-23', {}),
            week(2, 'Rooftop', '2026-11-23', { '2026-11-24': [booking(2, '2026-11-24', '2:00 PM', 'Ben Ode', 2)] }),
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<BookingsWeek />);
    expect(await screen.findByText('0 bookings · times in Europe/Berlin')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Calendar', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Rooftop' }));
    const grid = await screen.findByRole('list', { name: 'Rooftop, 23 Nov – 29 Nov 2026' });
    expect(within(grid).getByText('Ben Ode')).toBeInTheDocument();
  });

  it('says so when the studio has no calendar', async () => {
    stubFetch({ 'GET /studio/today': { body: today }, 'GET /studio/bookings': { body: { from: '2026-11-23', days: 7, calendars: [] } } });
    renderWithProviders(<BookingsWeek />);
    expect(await screen.findByText('No calendars yet.')).toBeInTheDocument();
  });
});
