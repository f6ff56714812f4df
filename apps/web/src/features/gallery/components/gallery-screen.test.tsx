import { editorMessages, galleryLifecycleMessages, galleryMessages, messages, storageKeys } from '@studio-gallery/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, renderWithProviders, stubFetch } from '../../../test/render';
import { endGallerySelection } from '../../../lib/gallery-selection';
import { notifyError } from '../../../lib/notify';
import { act } from 'react';
import { testPage, testPhoto } from '../lib/test-photo';
import { GalleryScreen, NO_RESULTS } from './gallery-screen';

const token = fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 });

function signIn() {
  localStorage.setItem('token', token);
  localStorage.setItem('eusid', '5');
  localStorage.setItem('userlogin', 'demo@example.com');
}

const photos = [testPhoto(1), testPhoto(2, { isUserFavourite: true, favourite: true }), testPhoto(3, { isRetouched: true, processedUrl: '/api/photo-media/3/r.jpg' })];
const page = testPage(photos, { totalPages: 12, overallAllCount: 140, totalOriginalCount: 120, totalLikedCount: 6, totalRetouchedCount: 20, totalSkipCount: 4 });

const screenUi = <GalleryScreen initialFlag="All" helpHref="/faq" loginHref="/login" />;

describe('GalleryScreen', () => {
  beforeEach(() => localStorage.clear());

  it('loads the signed-in customer’s photos with the tab counts and the pagination window', async () => {
    signIn();
    const calls = stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'DSC_1001' })).toBeInTheDocument();
    // The header counts what the Photos tab counts, and names the skipped ones apart.
    expect(screen.getByText('140 photos · 4 skipped')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Photos\s*140/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Favorites\s*6/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Skip\s*4/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page / }).map((b) => b.textContent)).toEqual(['1', '2', '3', '10', '11', '12']);
    const url = new URL(calls[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ userId: '5', page: '1', pageSize: '12', flag: 'All' });
  });

  it('a tab change reloads page 1 of that flag and clears the selection', async () => {
    signIn();
    const calls = stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DSC_1001' }));
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('page=2'));
    expect(screen.getByRole('checkbox', { name: 'Select DSC_1001' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select DSC_1002' }));
    await user.click(screen.getByRole('tab', { name: /Skip/ }));
    await waitFor(() => expect(calls.at(-1)!.url).toContain('flag=Skip'));
    expect(calls.at(-1)!.url).toContain('page=1');
    expect(await screen.findByRole('checkbox', { name: 'Select DSC_1002' })).not.toBeChecked();
  });

  it('clears the selection and the remembered order photos when a checkout ends it (issue 24 §6)', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DSC_1001' }));
    expect(screen.getByRole('checkbox', { name: 'Select DSC_1001' })).toBeChecked();
    localStorage.setItem(storageKeys.orderSessions, JSON.stringify([1]));
    // What the cart flow calls once the payment went through (app/layouts/cart-flow.tsx).
    act(() => endGallerySelection());
    expect(screen.getByRole('checkbox', { name: 'Select DSC_1001' })).not.toBeChecked();
    expect(localStorage.getItem(storageKeys.orderSessions)).toBeNull();
  });

  it('hides the favourite toggle on the Skip tab', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(<GalleryScreen initialFlag="Skip" helpHref="/faq" loginHref="/login" />);
    expect(await screen.findByRole('button', { name: 'Skip DSC_1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /as favorite/ })).toBeNull();
  });

  it('hides the skip toggle on the Retouched tab', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(<GalleryScreen initialFlag="Retouched" helpHref="/faq" loginHref="/login" />);
    expect(await screen.findByRole('button', { name: 'Mark DSC_1001 as favorite' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Skip DSC/ })).toBeNull();
  });

  it('shows the empty views: filter and search', async () => {
    signIn();
    const calls = stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: testPage([], { overallAllCount: 3, totalSkipCount: 0, totalPages: 0 }) } });
    renderWithProviders(screenUi);
    expect(await screen.findByText(messages.noPhotosForFilter)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Search photos' }), 'nobody{Enter}');
    expect(await screen.findByText(NO_RESULTS)).toBeInTheDocument();
    expect(calls.at(-1)!.url).toContain('searchKey=nobody');
  });

  it('shows No Session Available when the customer has no photos', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: testPage([], { overallAllCount: 0, totalOriginalCount: 0, totalPages: 0 }) } });
    renderWithProviders(screenUi);
    expect(await screen.findByText(messages.noSession)).toBeInTheDocument();
  });

  it('tells the customer and a visitor when the gallery has been archived, instead of photos', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { status: 410, body: { message: galleryLifecycleMessages.archived } } });
    const { unmount } = renderWithProviders(screenUi);
    expect(await screen.findByText(galleryLifecycleMessages.archived)).toBeInTheDocument();
    expect(screen.queryByText(messages.noSession)).not.toBeInTheDocument();
    unmount();

    localStorage.clear();
    localStorage.setItem('code', 'VOUCHER');
    stubFetch({ 'GET /sessions/getSessionImages': { status: 410, body: { message: galleryLifecycleMessages.archived } } });
    renderWithProviders(screenUi);
    expect(await screen.findByText(galleryLifecycleMessages.archived)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visit Help & FAQs' })).toHaveAttribute('href', '/faq');
  });

  it('loads a visitor’s session by the stored code and shows the server’s refusal to favourite', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({
      'GET /sessions/getSessionImages': { body: page },
      'POST /sessions/UpdateFavouritePhoto': { status: 403, body: { message: galleryMessages.favouriteNeedsLogin } },
    });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark DSC_1001 as favorite' }));
    expect(await screen.findByText(galleryMessages.favouriteNeedsLogin)).toBeInTheDocument();
    expect(calls[0]!.url).toContain('couponcode=VOUCHER');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new Headers(post.init?.headers).get('X-Session-Code')).toBe('VOUCHER');
  });

  it('offers a visitor no Skip (it could only say "log in"), and each card one Preview tab stop', async () => {
    localStorage.setItem('code', 'VOUCHER');
    stubFetch({ 'GET /sessions/getSessionImages': { body: page } });
    renderWithProviders(screenUi);
    expect(await screen.findByRole('button', { name: 'Download DSC_1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Skip / })).toBeNull();
    const previews = screen.getAllByRole('button', { name: 'Preview DSC_1001' });
    expect(previews.filter((button) => button.tabIndex >= 0)).toHaveLength(1);
  });

  it('toasts a favourite and a skip', async () => {
    signIn();
    stubFetch({
      'GET /sessions/GetUserSessionsPage': { body: page },
      'POST /sessions/UpdateFavouritePhoto': { body: photos[0] },
      'POST /ex/images/skip-image': { body: photos[0] },
    });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark DSC_1001 as favorite' }));
    expect(await screen.findByText(galleryMessages.favouriteUpdated)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip DSC_1001' }));
    expect(await screen.findByText(galleryMessages.photoSkipped)).toBeInTheDocument();
  });

  it('shows the selection bar only while photos are selected, and remembers them for the legacy routes', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(<GalleryScreen initialFlag="All" helpHref="/faq" loginHref="/login" selectionActions={() => <button type="button">Touch-up</button>} />);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'DSC_1001' });
    expect(screen.queryByRole('group', { name: 'Selection' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Touch-up' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select DSC_1002' }));
    const bar = screen.getByRole('group', { name: 'Selection' });
    expect(bar).toHaveTextContent('1 selected');
    expect(within(bar).getByRole('button', { name: 'Touch-up' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(storageKeys.orderSessions)!)).toEqual([
      { id: 2, sessionId: 1, name: 'DSC_1002', thumbnailUrl: '/api/photo-media/2/thumb.webp?sig=x', isRetouched: false },
    ]);
    await user.click(within(bar).getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share photos' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(screen.getByRole('group', { name: 'Selection' })).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('group', { name: 'Selection' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select DSC_1002' })).not.toBeChecked();
  });

  it('offers a ZIP of the originals only when the server allows Full resolution', async () => {
    signIn();
    const calls = stubFetch({
      'GET /sessions/GetUserSessionsPage': { body: page },
      'GET /ex/images/download-options': { body: { resolutions: ['sm', 'hr', 'full'], allowFullResolution: true, sizes: [] } },
      'POST /ex/images/download-selected-images-zip': { status: 500 },
    });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DSC_1002' }));
    // Download stays a one-click High Resolution ZIP; the other sizes come beside it once allowed.
    const bar = screen.getByRole('group', { name: 'Selection' });
    await user.click(await within(bar).findByRole('button', { name: 'More sizes' }, { timeout: 10_000 }));
    expect(await screen.findByRole('menuitem', { name: /High Resolution/ })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Full resolution (originals)' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual({ urls: ['/api/photo-media/2/preview.jpg?sig=x'], resolution: 'full' });
  }, 20_000);

  it('downloads the selection at High Resolution straight away when Full resolution is not allowed', async () => {
    signIn();
    const calls = stubFetch({
      'GET /sessions/GetUserSessionsPage': { body: page },
      'GET /ex/images/download-options': { body: { resolutions: ['sm', 'hr'], allowFullResolution: false, sizes: [] } },
      'POST /ex/images/download-selected-images-zip': { status: 500 },
    });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select DSC_1002' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/ex/images/download-options')).toBe(true));
    await user.click(within(screen.getByRole('group', { name: 'Selection' })).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(screen.queryByRole('button', { name: 'More sizes' })).toBeNull();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init?.body))).toEqual(['/api/photo-media/2/preview.jpg?sig=x']);
  });

  it('takes a "select a photo first" toast away once a photo is selected', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'DSC_1001' });
    notifyError(galleryMessages.zipNeedsSelection);
    notifyError(galleryMessages.zipNeedsSelection);
    expect(await screen.findAllByText(galleryMessages.zipNeedsSelection)).toHaveLength(1);
    await user.click(screen.getByRole('checkbox', { name: 'Select DSC_1001' }));
    await waitFor(() => expect(screen.queryByText(galleryMessages.zipNeedsSelection)).toBeNull());
  });

  it('each card offers Edit when the app gives onEditPhoto, and the preview’s Actions → Edit closes the preview first', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    const onEditPhoto = vi.fn();
    const { unmount } = renderWithProviders(<GalleryScreen initialFlag="All" helpHref="/faq" loginHref="/login" onEditPhoto={onEditPhoto} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit DSC_1002' }));
    expect(onEditPhoto).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));

    await user.click(screen.getAllByRole('button', { name: 'Preview DSC_1003' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(onEditPhoto).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    unmount();

    // Without the callback there is no Edit anywhere.
    renderWithProviders(screenUi);
    await screen.findByRole('img', { name: 'DSC_1001' });
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
  });

  it('marks edited photos and offers Revert to original only for them', async () => {
    signIn();
    const edited = testPhoto(4, { isEdited: true });
    const calls = stubFetch({
      'GET /sessions/GetUserSessionsPage': { body: testPage([photos[0]!, edited]) },
      'POST /ex/images/revert-edit': { body: { ...edited, isEdited: false } },
    });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'DSC_1004' });
    const cards = screen.getAllByTestId('photo-card');
    expect(within(cards[0]!).queryByText('Edited')).toBeNull();
    expect(within(cards[1]!).getByText('Edited')).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Preview DSC_1001' })[0]!);
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    await screen.findByRole('menuitem', { name: 'Skip' });
    expect(screen.queryByRole('menuitem', { name: 'Revert to original' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));

    dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Edited')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revert to original' }));
    expect(await screen.findByText(editorMessages.editReverted)).toBeInTheDocument();
    const revert = calls.find((c) => c.path === '/ex/images/revert-edit')!;
    expect(JSON.parse(String(revert.init?.body))).toEqual({ photoId: 4 });
    // The gallery reloads.
    await waitFor(() => expect(calls.filter((c) => c.path === '/sessions/GetUserSessionsPage').length).toBeGreaterThan(1));
  });

  it('closing the preview puts focus back on the card of the photo it showed last', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'DSC_1001' });
    await user.click(screen.getAllByRole('button', { name: 'Preview DSC_1001' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'DSC_1002' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement?.closest('[data-testid="photo-card"]')).toHaveAttribute('data-photo-id', '2'));
  });

  it('preview: Mark As Favorite hidden for a favourite, Skip hidden for a retouched photo', async () => {
    signIn();
    stubFetch({ 'GET /sessions/GetUserSessionsPage': { body: page } });
    renderWithProviders(screenUi);
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'DSC_1002' });
    await user.click(screen.getAllByRole('button', { name: 'Preview DSC_1002' })[0]!);
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Skip' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Mark As Favorite' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getAllByRole('button', { name: 'Preview DSC_1003' })[0]!);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Mark As Favorite' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Skip' })).toBeNull();
    // The Download menu waits for the photo to load (jsdom never loads it).
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Previous photo' }));
    expect(within(screen.getByRole('dialog')).getByRole('img', { name: 'DSC_1002' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Next photo' })).toBeEnabled();
  });
});
