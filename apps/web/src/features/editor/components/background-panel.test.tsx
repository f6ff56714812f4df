import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_BACKGROUND_COLOUR, RESET_BACKGROUND_COLOUR, editorMessages, type BackgroundChoice } from '@studio-gallery/contract';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { BackgroundPanel, type BackgroundPanelProps } from './background-panel';

const BACKDROPS = [
  { id: 'builtin-soft-blue', name: 'Soft blue', imageUrl: '/api/media/backgrounds/b.jpg', thumbnail: '/api/media/backgrounds/b.webp', width: 2400, height: 3600, status: true, builtIn: true },
];

function renderPanel(props: Partial<BackgroundPanelProps> = {}) {
  stubFetch({ 'GET /background/background-images/by-client/3': { body: BACKDROPS } });
  const handlers = { onPreview: vi.fn(), onApply: vi.fn(async (_choice: BackgroundChoice) => undefined), onRemove: vi.fn(), onUpload: vi.fn(), onRetryCutout: vi.fn() };
  renderWithProviders(
    <BackgroundPanel clientId={3} applied={null} cutoutStatus="ready" disabledReason={null} error={null} uploadMissing={false} {...handlers} {...props} />,
  );
  return handlers;
}

describe('BackgroundPanel', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a choice before Apply, then applies the studio grey at opacity 100', async () => {
    const { onApply, onPreview } = renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(editorMessages.selectBackgroundFirst);
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: `Colour ${DEFAULT_BACKGROUND_COLOUR}` }));
    const grey = { kind: 'colour', colour: DEFAULT_BACKGROUND_COLOUR, opacity: 100 };
    expect(onPreview).toHaveBeenLastCalledWith(grey);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(grey);
  });

  it('offers the studio backdrops from the server and previews the chosen one', async () => {
    const { onPreview } = renderPanel();
    await userEvent.click(await screen.findByRole('button', { name: 'Soft blue' }));
    expect(onPreview).toHaveBeenLastCalledWith({ kind: 'preset', id: 'builtin-soft-blue', imageUrl: BACKDROPS[0]!.imageUrl, opacity: 100 });
    expect(screen.getByRole('button', { name: 'Soft blue' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes a hex colour only as # and six hex digits; Reset colour sets #B692E4', async () => {
    const { onPreview } = renderPanel();
    const hex = screen.getByRole('textbox', { name: 'Hex colour' });
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12ab');
    expect(onPreview).not.toHaveBeenCalled();
    expect(screen.getByText('Use # and six hex digits')).toBeInTheDocument();
    await userEvent.type(hex, '9f');
    expect(onPreview).toHaveBeenLastCalledWith({ kind: 'colour', colour: '#12AB9F', opacity: 100 });
    await userEvent.click(screen.getByRole('button', { name: 'Reset colour' }));
    expect(onPreview).toHaveBeenLastCalledWith({ kind: 'colour', colour: RESET_BACKGROUND_COLOUR, opacity: 100 });
  });

  it('refuses an upload whose type is not an image, without decoding it', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const { onUpload } = renderPanel();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(editorMessages.backgroundNotImage);
    expect(decode).not.toHaveBeenCalled();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('refuses an "image" that does not decode, and keeps one that does', async () => {
    const picture = { width: 10, height: 10, close: vi.fn() };
    const decode = vi.fn(async (file: File) => (file.name === 'fake.png' ? Promise.reject(new Error('not decodable')) : picture));
    vi.stubGlobal('createImageBitmap', decode);
    const { onUpload, onPreview } = renderPanel();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['text'], 'fake.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(editorMessages.backgroundNotImage);
    expect(onUpload).not.toHaveBeenCalled();
    await userEvent.upload(input, new File(['jpeg'], 'beach.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith('beach.jpg', picture));
    expect(onPreview).toHaveBeenLastCalledWith({ kind: 'upload', name: 'beach.jpg', opacity: 100 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the removal in progress, its failure with Try again, and the passport notice', async () => {
    const { onRetryCutout } = renderPanel({ cutoutStatus: 'failed', disabledReason: editorMessages.passportNoRetouch });
    expect(screen.getByText(editorMessages.removeBackgroundFailed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetryCutout).toHaveBeenCalled();
    expect(screen.getByText(editorMessages.passportNoRetouch)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Colour ${DEFAULT_BACKGROUND_COLOUR}` })).toBeDisabled();
  });
});
