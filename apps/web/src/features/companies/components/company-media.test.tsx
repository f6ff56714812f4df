import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload-file';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { Company } from '../api/companies';
import type { StudioBackdrop, StudioSliderImage } from '../api/company-media';
import { CompanyBackdrops } from './company-backdrops';
import { CompanyBrandingForm } from './company-branding-form';
import { CompanySlider } from './company-slider';

// The network edge of uploads (an XHR with progress): exercised end to end by e2e/studio-company-media.spec.ts.
vi.mock('../../../lib/upload-file', () => ({ uploadFile: vi.fn() }));
const upload = vi.mocked(uploadFile);
afterEach(() => upload.mockReset());

const backdrop = (id: number, name: string, enabled = true): StudioBackdrop => ({
  id,
  name,
  imageUrl: `/api/media/backgrounds/${id}.jpg`,
  thumbnailUrl: `/api/media/backgrounds/${id}.thumb.webp`,
  width: 2400,
  height: 3600,
  enabled,
  createdAt: '2026-11-28T10:00:00Z',
});

const picture = (id: number, title: string | null, position: number): StudioSliderImage => ({
  id,
  title,
  photoUrl: `/api/media/sliders/${id}.jpg`,
  url: title ? `https://acme.test/${id}` : null,
  position,
  createdAt: '2026-11-28T10:00:00Z',
});

const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg' });
const fileInput = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('CompanyBackdrops', () => {
  it('shows the thumbnails, uploads a dropped file with its name, and shows the server’s refusal', async () => {
    const calls = stubFetch({ 'GET /studio/companies/5/backdrops': { body: { items: [backdrop(1, 'Grey'), backdrop(2, 'Blue', false)] } } });
    upload.mockImplementationOnce(async (_path, _file, options) => {
      options?.onProgress?.(0.5);
      return backdrop(3, 'Studio white');
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyBackdrops companyId={5} isDefault={false} />);
    const list = await screen.findByRole('list', { name: 'Backdrops' });
    expect(within(list).getByRole('img', { name: 'Grey' })).toHaveAttribute('src', '/api/media/backgrounds/1.thumb.webp');
    expect(within(list).getByRole('switch', { name: 'Show Grey in the editor' })).toBeChecked();
    expect(within(list).getByRole('switch', { name: 'Show Blue in the editor' })).not.toBeChecked();

    await user.upload(fileInput('backdrop-files'), jpeg('Studio white.jpg'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    const [path, file, options] = upload.mock.calls[0]!;
    expect(path).toBe('/studio/companies/5/backdrops');
    expect((file as File).name).toBe('Studio white.jpg');
    expect(options).toMatchObject({ method: 'POST', query: { name: 'Studio white' } });
    // Uploaded: the list is asked for again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/studio/companies/5/backdrops')).toHaveLength(2));

    upload.mockRejectedValueOnce(new ApiError(400, 'Not an image: a backdrop must be a JPEG, PNG, WebP or TIFF file'));
    await user.upload(fileInput('backdrop-files'), jpeg('notes.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('notes.jpg: Not an image: a backdrop must be a JPEG, PNG, WebP or TIFF file');
  });

  it('hides a backdrop from the editor and deletes one only once confirmed', async () => {
    const calls = stubFetch({
      'GET /studio/companies/5/backdrops': { body: { items: [backdrop(1, 'Grey')] } },
      'PUT /studio/companies/5/backdrops/1': { body: backdrop(1, 'Grey', false) },
      'DELETE /studio/companies/5/backdrops/1': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyBackdrops companyId={5} isDefault={false} />);
    await user.click(await screen.findByRole('switch', { name: 'Show Grey in the editor' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body))).toEqual({ enabled: false });

    await user.click(screen.getByRole('button', { name: 'Delete Grey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this backdrop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(calls.find((c) => c.method === 'DELETE')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Delete Grey' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this backdrop?' })).getByRole('button', { name: 'Delete backdrop' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/studio/companies/5/backdrops/1']));
  });

  it('says when a company has none of its own', async () => {
    stubFetch({ 'GET /studio/companies/5/backdrops': { body: { items: [] } } });
    renderWithProviders(<CompanyBackdrops companyId={5} isDefault={false} />);
    expect(await screen.findByText('No backdrops of its own yet.')).toBeInTheDocument();
    expect(screen.getByText(/With none, the studio’s show/)).toBeInTheDocument();
  });
});

describe('CompanySlider', () => {
  const three = { items: [picture(11, 'First', 0), picture(12, 'Second', 1), picture(13, null, 2)] };

  it('lists the pictures in order and moves one down or up (PUT the whole order)', async () => {
    const calls = stubFetch({
      'GET /studio/companies/5/sliders/login': { body: three },
      'PUT /studio/companies/5/sliders/login/order': { body: { items: [three.items[1], three.items[0], three.items[2]] } },
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanySlider companyId={5} kind="login" isDefault={false} />);
    const list = await screen.findByRole('list', { name: 'Login slider in order' });
    expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['First', 'Second', 'Login picture 3']);
    expect(within(list).getByRole('button', { name: 'Move First up' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Move Login picture 3 down' })).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: 'Move First down' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')!.init?.body))).toEqual({ ids: [12, 11, 13] });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual(['Second', 'First', 'Login picture 3']));
  });

  it('uploads with the optional title and link, refuses a link that is not a web address, and deletes once confirmed', async () => {
    const calls = stubFetch({
      'GET /studio/companies/5/sliders/sidebar': { body: three },
      'DELETE /studio/companies/5/sliders/sidebar/12': { status: 204 },
    });
    upload.mockResolvedValue(picture(14, 'Team day', 3));
    const user = userEvent.setup();
    renderWithProviders(<CompanySlider companyId={5} kind="sidebar" isDefault={false} />);
    await screen.findByRole('list', { name: 'Sidebar images in order' });

    await user.type(screen.getByLabelText('Link (optional)'), 'acme.test');
    expect(screen.getByText('Use a full web address starting with https://')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload sidebar images')).toHaveAttribute('data-disabled', 'true');
    await user.upload(fileInput('slider-sidebar-files'), jpeg('team.jpg'));
    expect(upload).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Link (optional)'));
    await user.type(screen.getByLabelText('Link (optional)'), 'https://acme.test/team');
    await user.type(screen.getByLabelText('Title (optional)'), 'Team day');
    await user.upload(fileInput('slider-sidebar-files'), jpeg('team.jpg'));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0]).toBe('/studio/companies/5/sliders/sidebar');
    expect(upload.mock.calls[0]![2]).toMatchObject({ method: 'POST', query: { title: 'Team day', url: 'https://acme.test/team' } });
    await waitFor(() => expect(screen.getByLabelText('Title (optional)')).toHaveValue(''));

    await user.click(screen.getByRole('button', { name: 'Delete Second' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this picture?' })).getByRole('button', { name: 'Delete picture' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/studio/companies/5/sliders/sidebar/12']));
  });

  it('marks sidebar pictures past the fifth as not shown', async () => {
    stubFetch({ 'GET /studio/companies/5/sliders/sidebar': { body: { items: [1, 2, 3, 4, 5, 6].map((n) => picture(n, `P${n}`, n)) } } });
    renderWithProviders(<CompanySlider companyId={5} kind="sidebar" isDefault={false} />);
    const list = await screen.findByRole('list', { name: 'Sidebar images in order' });
    expect(within(within(list).getByRole('listitem', { name: 'P6' })).getByText(/Not shown/)).toBeInTheDocument();
    expect(within(within(list).getByRole('listitem', { name: 'P5' })).queryByText(/Not shown/)).not.toBeInTheDocument();
  });
});

describe('the branded login preview', () => {
  const acme: Company = {
    id: 5,
    name: 'Acme Corp',
    isDefault: false,
    hosts: ['photos.acme.test'],
    accentColor: '#FF0000',
    copyright: '© Acme',
    socialLinks: { tiktok: null, instagram: null, twitter: null, youtube: null },
    faqs: [],
    supportEmail: null,
    logoDarkUrl: null,
    logoWhiteUrl: null,
    bannerUrl: '/api/media/branding/banner.jpg',
    employeeCount: 3,
    createdAt: '2026-11-26T10:00:00Z',
    allowFullResolution: false,
  };

  it("shows the company's first login picture", async () => {
    stubFetch({ 'GET /studio/companies/5/sliders/login': { body: { items: [picture(11, 'First', 0), picture(12, 'Second', 1)] } } });
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit />);
    await waitFor(() => expect(screen.getByTestId('login-preview-picture')).toHaveAttribute('data-picture', '/api/media/sliders/11.jpg'));
  });

  it("shows the studio's first login picture when the company has none, and the banner for staff", async () => {
    stubFetch({
      'GET /studio/companies/5/sliders/login': { body: { items: [] } },
      'GET /background/GetAllGalleryRotateImage': { body: [{ id: 1, title: 'Studio', photoUrl: '/api/media/sliders/studio.jpg', url: null }] },
    });
    const { unmount } = renderWithProviders(<CompanyBrandingForm company={acme} canEdit />);
    await waitFor(() => expect(screen.getByTestId('login-preview-picture')).toHaveAttribute('data-picture', '/api/media/sliders/studio.jpg'));
    unmount();

    const calls = stubFetch({});
    renderWithProviders(<CompanyBrandingForm company={acme} canEdit={false} />);
    expect(screen.getByTestId('login-preview-picture')).toHaveAttribute('data-picture', acme.bannerUrl);
    expect(calls.filter((c) => c.path.includes('/sliders/'))).toHaveLength(0);
  });
});
