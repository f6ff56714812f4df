import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CompanyOrders } from './company-orders';

const order = {
  id: 4,
  orderId: 'SP-4',
  status: 'PENDING',
  createdAt: '2026-11-20T10:00:00.000Z',
  dueAt: '2026-11-23T10:00:00.000Z',
  deliveredAt: null,
  overdue: true,
  customer: { id: 9, email: 'eve@umbrella.test', firstName: 'Eve', lastName: 'Umbrella' },
  photos: 2,
  deliveredPhotos: 1,
  services: 'Professional touch-up ×2',
  totalPrice: 20,
};

describe('CompanyOrders', () => {
  it("lists the employees' orders with their state, linking each to its page", async () => {
    const calls = stubFetch({ 'GET /studio/companies/7/orders': { body: { items: [order], total: 1, page: 1, pageSize: 25, overdue: 1 } } });
    renderWithProviders(<CompanyOrders companyId={7} orderHref={(id) => `/studio/orders/${id}`} />);
    const table = await screen.findByRole('table', { name: 'Orders of the employees' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('link', { name: 'SP-4' })).toHaveAttribute('href', '/studio/orders/4');
    expect(row).toHaveTextContent('Eve Umbrella');
    expect(row).toHaveTextContent('1 of 2');
    expect(row).toHaveTextContent('$20.00');
    expect(within(row!).getByText('Overdue')).toBeInTheDocument();
    expect(screen.getByText('1 overdue')).toBeInTheDocument();
    expect(calls[0]!.url).toContain('status=all');
  });

  it('says when there are none', async () => {
    stubFetch({ 'GET /studio/companies/7/orders': { body: { items: [], total: 0, page: 1, pageSize: 25, overdue: 0 } } });
    renderWithProviders(<CompanyOrders companyId={7} />);
    expect(await screen.findByText('No retouch orders.')).toBeInTheDocument();
  });
});
