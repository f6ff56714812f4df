import { PHOTO_PRESETS, presetMessages } from '@studio-gallery/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testPhoto } from '../../features/gallery/lib/test-photo';
import { fakeJwt, renderWithProviders, stubFetch } from '../../test/render';
import { AutoImageTouchupRoute } from './auto-image-touchup';

const SAMPLE = 'data:image/jpeg;base64,/9j/';
const samples = PHOTO_PRESETS.map((p) => ({ presetId: p.id, name: p.name, description: p.description, sampleImage: SAMPLE }));
const imgUrl = '/api/photo-media/140/preview.jpg?exp=1&sig=abc';
const routes = [
  { path: '/AutoImageTouchup', element: <AutoImageTouchupRoute /> },
  { path: '/main', element: <p>The gallery</p> },
];

describe('/AutoImageTouchup', () => {
  it('shows the three presets, asks for a choice before Apply, applies the chosen one and goes to /main', async () => {
    localStorage.setItem('token', fakeJwt({ unique_name: '5', email: 'demo@example.com', id_token: 'z', iat: 1, exp: 4_000_000_000 }));
    localStorage.setItem('eusid', '5');
    const photo = testPhoto(140, { name: 'Headshot-140' });
    const calls = stubFetch({
      'GET /ex/images/photo': { body: photo },
      'GET /Photos/GetProcessedSample/140': { body: samples },
      'POST /PhotoProcessor/CreateRequest': { body: { ...photo, isEdited: true } },
    });
    renderWithProviders(<></>, { path: `/AutoImageTouchup?imgUrl=${encodeURIComponent(imgUrl)}`, routes });

    await waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(3));
    for (const preset of PHOTO_PRESETS) expect(screen.getByRole('img', { name: `${preset.name} sample` })).toHaveAttribute('src', SAMPLE);
    expect(await screen.findByText('One-click looks for Headshot-140.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(presetMessages.selectPresetFirst);
    expect(calls.some((c) => c.path === '/PhotoProcessor/CreateRequest')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: /Retouch \+ studio grey/ }));
    expect(screen.queryByText(presetMessages.selectPresetFirst)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The gallery')).toBeInTheDocument();
    const request = calls.find((c) => c.path === '/PhotoProcessor/CreateRequest');
    expect(JSON.parse(String(request?.init?.body))).toEqual({ imageId: 140, presetId: 'studio-grey' });
    expect(await screen.findByText(presetMessages.presetApplied)).toBeInTheDocument();
  });

  it('asks a session-code visitor to log in, without asking for samples', async () => {
    localStorage.setItem('code', 'VOUCHER');
    const calls = stubFetch({});
    renderWithProviders(<></>, { path: `/AutoImageTouchup?imgUrl=${encodeURIComponent(imgUrl)}`, routes });
    expect(await screen.findByText(presetMessages.presetsNeedLogin)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(calls.some((c) => c.path.startsWith('/Photos/GetProcessedSample'))).toBe(false);
  });
});
