import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { OrdersQueue } from './orders-queue';

const order = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  orderId: `SP-${id}`,
  status: 'PENDING',
  createdAt: '2026-11-20T10:00:00Z',
  dueAt: '2026-11-23T10:00:00Z',
  deliveredAt: null,
  overdue: false,
  customer: { id: 7, email: 'dana@example.com', firstName: 'Dana', lastName: 'Doe' },
  photos: 2,
  deliveredPhotos: 1,
  services: 'Professional touch-up ×2',
  totalPrice: 20,
  ...overrides,
});

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('OrdersQueue', () => {
  it('lists the open orders with the overdue marked and counted, each linking to its page', async () => {
    const calls = stubFetch({ 'GET /studio/orders': { body: { items: [order(12, { overdue: true }), order(13)], total: 2, page: 1, pageSize: 25, overdue: 1 } } });
    renderWithProviders(<OrdersQueue />);
    const table = await screen.findByRole('table', { name: 'Retouch orders' });
    expect(queryOf(calls[0]!.url)).toEqual({ status: 'open', page: '1', pageSize: '25' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: 'SP-12' })).toHaveAttribute('href', '/studio/orders/12');
    expect(within(rows[0]!).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('To deliver', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(rows[0]!).getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
  });

  it('switches to the delivered orders, and says when there are none', async () => {
    const calls = stubFetch({ 'GET /studio/orders': { body: { items: [], total: 0, page: 1, pageSize: 25, overdue: 0 } } });
    const user = userEvent.setup();
    renderWithProviders(<OrdersQueue />);
    expect(await screen.findByText('Nothing to deliver.')).toBeInTheDocument();
    await user.click(screen.getByText('Delivered'));
    await waitFor(() => expect(calls.some((c) => queryOf(c.url).status === 'delivered')).toBe(true));
    expect(await screen.findByText('No delivered orders yet.')).toBeInTheDocument();
  });
});
