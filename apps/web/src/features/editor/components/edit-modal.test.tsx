import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import { EditModal, type EditablePhoto } from './edit-modal';

const photo: EditablePhoto = { id: 7, name: 'DSC_0007', editSourceUrl: '/api/photo-media/7/original.jpg?sig=x', editRecipe: null, isEdited: false };

function renderEditor(onClose = vi.fn()) {
  renderWithProviders(<EditModal photo={photo} onClose={onClose} canSave loginHref="/login" onSaved={vi.fn()} revertEdit={vi.fn()} backgroundsClientId={1} />);
  return onClose;
}

describe('EditModal', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every tool disabled until the photo has loaded', async () => {
    // The photo never arrives (a pending fetch).
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    renderEditor();
    expect(await screen.findByRole('dialog', { name: 'Edit photo' })).toBeInTheDocument();
    for (const name of [/Light, Color & Effects/, /^Crop/, /Replace Background/, /AI Retouch/]) expect(screen.getByRole('button', { name })).toBeDisabled();
    for (const name of ['Undo', 'Redo', 'Reset', 'Compare']) expect(screen.getByRole('button', { name })).toBeDisabled();
    // One Download copy for wide screens, an icon for phones (CSS shows one).
    for (const button of screen.getAllByRole('button', { name: 'Download copy' })) expect(button).toBeDisabled();
    expect(screen.getByLabelText('Loading the photo')).toBeInTheDocument();
  });

  it.each([
    [404, 'Image Not Found'],
    [403, 'Access Denied'],
    [413, 'File Too Large'],
    [500, 'Server Error'],
  ])('a %i loading the photo opens the image-load failure modal ("%s") with Try Again', async (status, title) => {
    const calls = stubFetch({ 'GET /ex/images/getImageBinary': { status, body: { message: 'nope' } } });
    renderEditor();
    expect(await screen.findByRole('dialog', { name: title })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/ex/images/getImageBinary')).toHaveLength(2));
    expect(new URL(calls[0]!.url, 'http://x').searchParams.get('url')).toBe(photo.editSourceUrl);
  });

  it('closing with nothing changed saves nothing', async () => {
    const calls = stubFetch({ 'GET /ex/images/getImageBinary': { status: 404, body: { message: 'nope' } } });
    const onClose = renderEditor();
    await screen.findByRole('dialog', { name: 'Image Not Found' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close editor' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls.some((c) => c.path === '/ex/images/save-edited-image')).toBe(false);
  });
});
