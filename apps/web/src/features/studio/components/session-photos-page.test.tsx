import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { SessionPhotosPage } from './session-photos-page';

const photo = (id: number, name: string, marks: Partial<{ favourite: boolean; skipped: boolean; retouched: boolean; edited: boolean }> = {}) => ({
  id,
  name,
  thumbUrl: `/media/thumb-${id}.webp`,
  width: 1600,
  height: 2400,
  favourite: false,
  skipped: false,
  retouched: false,
  edited: false,
  ...marks,
});

const answer = {
  session: { id: 3, name: 'Acme day', sessionDate: '2026-11-20', customerId: 7, customerName: 'Emma Employee' },
  photos: [photo(11, 'IMG_0001', { favourite: true }), photo(12, 'IMG_0002', { skipped: true, favourite: true }), photo(13, 'IMG_0003', { retouched: true })],
};

describe('SessionPhotosPage', () => {
  it('shows the photos with what the customer marked, and filters them', async () => {
    stubFetch({ 'GET /studio/sessions/3/photos': { body: answer } });
    renderWithProviders(<SessionPhotosPage sessionId={3} />);
    expect(await screen.findByRole('heading', { name: 'Acme day' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Emma Employee' })).toHaveAttribute('href', '/studio/customers/7');
    const cards = screen.getAllByTestId('studio-photo');
    expect(cards.map((card) => within(card).getAllByText(/IMG_|Favourite|Skipped|Retouched/).map((n) => n.textContent))).toEqual([
      ['IMG_0001', 'Favourite'],
      ['IMG_0002', 'Skipped'],
      ['IMG_0003', 'Retouched'],
    ]);
    await userEvent.click(screen.getByText('Favourites (1)'));
    expect(screen.getAllByTestId('studio-photo').map((card) => within(card).getByRole('img').getAttribute('alt'))).toEqual(['IMG_0001']);
  });

  it('renames a photo through PUT /studio/photos/{id}, refusing an empty name', async () => {
    const calls = stubFetch({ 'GET /studio/sessions/3/photos': { body: answer }, 'PUT /studio/photos/12': { body: { id: 12, name: 'Emma best', sessionId: 3 } } });
    renderWithProviders(<SessionPhotosPage sessionId={3} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename IMG_0002' }));
    const field = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please give a name.')).toBeInTheDocument();
    await userEvent.type(field, 'Emma best');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/studio/photos/12');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ name: 'Emma best' });
  });

  it('deletes a photo after a confirmation', async () => {
    const calls = stubFetch({ 'GET /studio/sessions/3/photos': { body: answer }, 'DELETE /studio/photos/13': { status: 204 } });
    renderWithProviders(<SessionPhotosPage sessionId={3} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete IMG_0003' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete photo' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/studio/photos/13'));
  });

  it('says when the session does not exist', async () => {
    stubFetch({ 'GET /studio/sessions/3/photos': { status: 404, body: { message: 'There is no such session.' } } });
    renderWithProviders(<SessionPhotosPage sessionId={3} />);
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
  });
});
