import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { ActivityList } from './activity-list';

function queryOf(url: string) {
  return Object.fromEntries(new URL(url, 'http://x').searchParams);
}

describe('ActivityList', () => {
  it('lists when, who, what and subject, a page at a time', async () => {
    const calls = stubFetch({
      'GET /studio/activity': {
        body: {
          total: 30,
          items: [
            { id: 2, at: '2026-11-26T10:00:00Z', actor: { id: 1, email: 'studio@studio-gallery.test' }, action: 'staff.role', subject: 'sam@studio.test', details: { userId: 3, from: 'customer', to: 'staff', invited: false } },
            { id: 1, at: '2026-11-25T09:00:00Z', actor: null, action: 'import.photos', subject: 'session:4', details: {} },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActivityList />);
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who', 'What', 'Subject']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['studio@studio-gallery.test', 'Role customer → staff', 'sam@studio.test']);
    expect(within(rows[1]!).getAllByRole('cell').slice(1).map((c) => c.textContent)).toEqual(['Studio CLI', 'import.photos', 'session:4']);
    expect(rows[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-26T10:00:00Z');
    expect(queryOf(calls[0]!.url)).toEqual({ page: '1', pageSize: '25' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url)).toEqual({ page: '2', pageSize: '25' }));
  });

  it('says so when nothing happened yet', async () => {
    stubFetch({ 'GET /studio/activity': { body: { total: 0, items: [] } } });
    renderWithProviders(<ActivityList />);
    expect(await screen.findByText('No activity yet.')).toBeInTheDocument();
  });
});
