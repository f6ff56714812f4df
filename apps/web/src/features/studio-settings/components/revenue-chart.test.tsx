import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { RevenueChart } from './revenue-chart';

describe('RevenueChart', () => {
  it('draws the weeks asked for, with their orders and revenue as a table too', async () => {
    const calls = stubFetch({
      'GET /studio/revenue': {
        body: {
          timeZone: 'America/Chicago',
          weeks: [
            { week: '2026-W48', start: '2026-11-23', orders: 0, revenueCents: 0 },
            { week: '2026-W49', start: '2026-11-30', orders: 1, revenueCents: 1000 },
            { week: '2026-W50', start: '2026-12-07', orders: 2, revenueCents: 123_450 },
          ],
        },
      },
    });
    renderWithProviders(<RevenueChart weeks={3} />);
    expect(await screen.findByText(/3 paid orders, \$1,244\.50 in the last 3 weeks\./)).toBeInTheDocument();
    expect(screen.getByTestId('revenue-chart')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders and revenue per week' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['23 Nov', '0', '$0.00'],
      ['30 Nov', '1', '$10.00'],
      ['7 Dec', '2', '$1,234.50'],
    ]);
    expect(calls.map((c) => c.url)).toEqual(['/api/studio/revenue?weeks=3']);
  });

  it('says so when nothing was paid, and offers to try again on failure', async () => {
    stubFetch({ 'GET /studio/revenue': { body: { timeZone: 'America/Chicago', weeks: [{ week: '2026-W50', start: '2026-12-07', orders: 0, revenueCents: 0 }] } } });
    const view = renderWithProviders(<RevenueChart weeks={1} />);
    expect(await screen.findByText(/No paid orders in the last 1 weeks\./)).toBeInTheDocument();
    view.unmount();
    stubFetch({ 'GET /studio/revenue': { status: 403, body: { message: 'Forbidden' } } });
    renderWithProviders(<RevenueChart />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The orders and revenue chart could not be loaded.');
  });
});
