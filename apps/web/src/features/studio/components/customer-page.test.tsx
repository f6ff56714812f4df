import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { CustomerPage } from './customer-page';

const detail = {
  id: 7,
  email: 'emma@example.com',
  firstName: 'Emma',
  lastName: 'Employee',
  activated: false,
  invitedAt: '2026-11-20T10:00:00Z',
  createdAt: '2026-11-20T10:00:00Z',
  favourites: 2,
  sessions: [{ id: 3, name: 'Acme day', sessionDate: '2026-11-20', code: 'AcmeDayCode-0123456789abcdef', createdAt: '2026-11-20T10:00:00Z', photos: 24, favourites: 2, skipped: 0, expiresAt: '2027-11-20T10:00:00.000Z', archivedAt: null, reminderSentAt: null }],
};

describe('CustomerPage', () => {
  it('shows the customer (invited, not activated), their sessions and their activity', async () => {
    stubFetch({
      'GET /studio/customers/7': { body: detail },
      'GET /studio/customers/7/timeline': {
        body: {
          items: [
            {
              id: 1,
              kind: 'favourited',
              at: new Date().toISOString(),
              by: 'customer',
              photoId: 11,
              photoName: 'IMG_0002',
              photoDeleted: false,
              sessionId: 3,
              sessionName: 'Acme day',
              count: null,
              resolution: null,
              orderNumber: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderWithProviders(<CustomerPage customerId={7} />);
    expect(await screen.findByRole('heading', { name: 'Emma Employee' })).toBeInTheDocument();
    expect(screen.getByText('emma@example.com')).toBeInTheDocument();
    expect(screen.getByText('Invited')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Acme day' })).toBeInTheDocument();
    const activity = await screen.findByRole('list', { name: 'Customer activity' });
    expect(within(activity).getByRole('listitem').textContent).toBe('Favourited IMG_0002 · Acme day · just now');
  });

  it('says when the customer does not exist', async () => {
    stubFetch({ 'GET /studio/customers/7': { status: 404, body: { message: 'This customer does not exist.' } } });
    renderWithProviders(<CustomerPage customerId={7} />);
    expect(await screen.findByText('Customer not found')).toBeInTheDocument();
  });
});
