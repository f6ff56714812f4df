import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CustomersTable } from './customers-table';

const customer = (id: number, firstName: string, lastActivityAt: string | null = '2026-11-20T10:00:00Z') => ({
  id, email: `${firstName.toLowerCase()}@example.com`, firstName, lastName: 'Doe', sessions: 2, photos: 40, lastActivityAt,
});

function queryOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('CustomersTable', () => {
  it('lists customers and sends the search on Enter, from page 1', async () => {
    const calls = stubFetch({ 'GET /studio/customers': { body: { items: [customer(1, 'Ana'), customer(2, 'Ben', null)], total: 2 } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomersTable />);
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Sessions', 'Photos', 'Last activity']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent).slice(0, 4)).toEqual(['Ana Doe', 'ana@example.com', '2', '40']);
    expect(within(rows[1]!).getByText('Never')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Ana Doe' })).toHaveAttribute('href', '/studio/customers/1');
    expect(queryOf(calls[0]!.url)).toEqual({ page: '1', pageSize: '25' });

    await user.type(screen.getByLabelText('Search customers'), 'ana{Enter}');
    await waitFor(() => expect(calls.some((c) => queryOf(c.url).search === 'ana')).toBe(true));
    expect(queryOf(calls.find((c) => queryOf(c.url).search === 'ana')!.url)).toEqual({ search: 'ana', page: '1', pageSize: '25' });
  });

  it('sends the search once typing pauses, and says when nothing matches', async () => {
    const calls = stubFetch({ 'GET /studio/customers': { body: { items: [], total: 0 } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomersTable />);
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search customers'), 'zed');
    // Debounced: one request for the whole word, not one per letter.
    await waitFor(() => expect(calls.map((c) => queryOf(c.url).search)).toEqual([undefined, 'zed']), { timeout: 3000 });
    expect(await screen.findByText('No customers match “zed”.')).toBeInTheDocument();
  });

  it('pages through the customers', async () => {
    const items = Array.from({ length: 25 }, (_, i) => customer(i + 1, `C${i + 1}`));
    const calls = stubFetch({ 'GET /studio/customers': { body: { items, total: 60 } } });
    const user = userEvent.setup();
    renderWithProviders(<CustomersTable />);
    expect(await screen.findByText('Showing 1–25 of 60 customers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.some((c) => queryOf(c.url).page === '2')).toBe(true));
    expect(await screen.findByText('Showing 26–50 of 60 customers')).toBeInTheDocument();
  });
});
