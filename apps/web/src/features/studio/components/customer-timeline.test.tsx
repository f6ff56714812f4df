import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { CustomerTimelineEvent } from '../api/customer';
import { CustomerTimeline, TIMELINE_PAGE_SIZE, describeCustomerEvent, timeAgo } from './customer-timeline';

const NOW = new Date('2026-11-26T12:00:00Z');

const event = (id: number, overrides: Partial<CustomerTimelineEvent> = {}): CustomerTimelineEvent => ({
  id,
  kind: 'favourited',
  at: '2026-11-26T11:55:00Z',
  by: 'customer',
  photoId: 10 + id,
  photoName: 'IMG_0002',
  photoDeleted: false,
  sessionId: 3,
  sessionName: 'Acme day',
  count: null,
  resolution: null,
  orderNumber: null,
  ...overrides,
});

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('CustomerTimeline', () => {
  it('lists the events newest first with an icon per kind, the photo, the session and how long ago', async () => {
    const calls = stubFetch({
      'GET /studio/customers/7/timeline': {
        body: {
          items: [
            event(3, { kind: 'shared', photoName: 'IMG_0001', at: '2026-11-26T11:59:30Z' }),
            event(2),
            event(1, { kind: 'viewed', photoId: null, photoName: null, sessionId: null, sessionName: null, at: '2026-11-26T09:00:00Z' }),
          ],
          total: 3,
          page: 1,
          pageSize: TIMELINE_PAGE_SIZE,
        },
      },
    });
    renderWithProviders(<CustomerTimeline customerId={7} now={NOW} />);
    const list = await screen.findByRole('list', { name: 'Customer activity' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Shared IMG_0001 · Acme day · just now',
      'Favourited IMG_0002 · Acme day · 5 min ago',
      'Viewed the gallery · 3 h ago',
    ]);
    expect(items.map((item) => item.getAttribute('data-kind'))).toEqual(['shared', 'favourited', 'viewed']);
    expect(queryOf(calls[0]!.url)).toEqual({ page: '1', pageSize: String(TIMELINE_PAGE_SIZE) });
  });

  it('pages through a long timeline', async () => {
    const calls = stubFetch({
      'GET /studio/customers/7/timeline': { body: { items: [event(1)], total: 45, page: 1, pageSize: TIMELINE_PAGE_SIZE } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomerTimeline customerId={7} now={NOW} />);
    await screen.findByRole('list', { name: 'Customer activity' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.some((c) => queryOf(c.url).page === '2')).toBe(true));
  });

  it('says when the customer has done nothing yet', async () => {
    stubFetch({ 'GET /studio/customers/7/timeline': { body: { items: [], total: 0, page: 1, pageSize: TIMELINE_PAGE_SIZE } } });
    renderWithProviders(<CustomerTimeline customerId={7} now={NOW} />);
    expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
  });
});

describe('describeCustomerEvent', () => {
  it('words downloads, orders, visitors and deleted sessions', () => {
    expect(describeCustomerEvent(event(1, { kind: 'downloaded', resolution: 'hr' }))).toBe('Downloaded IMG_0002 (high resolution)');
    expect(describeCustomerEvent(event(1, { kind: 'downloaded', photoId: null, photoName: null, count: 12, resolution: 'sm' }))).toBe('Downloaded 12 photos (ZIP, web size)');
    expect(describeCustomerEvent(event(1, { kind: 'ordered', orderNumber: 'SP-12' }))).toBe('Ordered retouching of IMG_0002 (SP-12)');
    expect(describeCustomerEvent(event(1, { kind: 'viewed', photoName: null, by: 'visitor' }))).toBe('Viewed the session (visitor with the code)');
  });

  it('says how long ago', () => {
    expect(timeAgo('2026-11-26T11:59:59Z', NOW)).toBe('just now');
    expect(timeAgo('2026-11-25T11:00:00Z', NOW)).toBe('yesterday');
    expect(timeAgo('2026-11-22T12:00:00Z', NOW)).toBe('4 days ago');
  });
});
