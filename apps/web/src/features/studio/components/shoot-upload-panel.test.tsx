import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubFetch } from '../../../test/render';
import type { StudioShoot } from '../api/shoots';
import { uploadShootFile } from '../lib/tus-upload';
import { PARALLEL_UPLOADS, ShootUploadPanel } from './shoot-upload-panel';

// The network edge: tus itself (chunks, resume after a drop) runs end to end in e2e/studio-shoots.spec.ts.
vi.mock('../lib/tus-upload', () => ({ uploadShootFile: vi.fn() }));
const upload = vi.mocked(uploadShootFile);

const shoot: StudioShoot = {
  id: 5, status: 'uploading', customerEmail: 'nia@example.com', firstName: 'Nia', lastName: 'Hire', sessionName: 'Acme day', sessionDate: null, invite: true,
  uploadedFiles: 0, uploadedBytes: 0, totalFiles: 0, processed: 0, imported: 0, duplicates: 0, retouchesAttached: 0, unreadable: 0, failed: 0,
  error: null, sessionId: null, customerUserId: null, createdAt: '2026-11-26T10:00:00Z', finishedAt: null, problems: [],
};
const jpeg = (name: string) => new File([new Uint8Array(1000)], name, { type: 'image/jpeg' });
const photoInput = () => document.querySelector<HTMLInputElement>('input[name="photos"]')!;

afterEach(() => upload.mockReset());

// Mantine screens in jsdom take seconds under a full parallel run: a roomier timeout than vitest's 5 s.
describe('ShootUploadPanel', { timeout: 20_000 }, () => {
  it(`sends ${PARALLEL_UPLOADS} files at a time with their progress, shows a refused one with the server's message, then starts the import`, async () => {
    const finish: (() => void)[] = [];
    upload.mockImplementation((file, _shootId, _kind, onProgress) => {
      onProgress(0.42);
      const done = new Promise<void>((resolve, reject) => {
        finish.push(() => (file.name === 'notes.jpg' ? reject(new Error('“notes.jpg” is not a JPEG, PNG, WebP or TIFF image.')) : resolve()));
      });
      return { done, abort: vi.fn() };
    });
    const calls = stubFetch({ 'POST /studio/shoots/5/import': { status: 202, body: { ...shoot, status: 'queued' } }, 'GET /studio/shoots/5': { body: shoot } });
    const user = userEvent.setup();
    renderWithProviders(<ShootUploadPanel shoot={shoot} />);
    await user.upload(photoInput(), [jpeg('Nia-01.jpg'), jpeg('Nia-02.jpg'), jpeg('notes.jpg'), jpeg('Nia-03.jpg')]);

    const files = await screen.findByRole('list', { name: 'Files' });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(PARALLEL_UPLOADS));
    expect(within(files).getAllByText('42%')).toHaveLength(PARALLEL_UPLOADS);
    expect(within(within(files).getByRole('listitem', { name: 'Nia-03.jpg' })).getByText('Waiting')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import the photos' })).toBeDisabled();

    finish.shift()!();
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(4));
    while (finish.length > 0) finish.shift()!();
    expect(await within(files).findByText('“notes.jpg” is not a JPEG, PNG, WebP or TIFF image.')).toBeInTheDocument();
    await waitFor(() => expect(within(files).getAllByText('Uploaded')).toHaveLength(3));
    expect(screen.getByText('3 of 4 files uploaded')).toBeInTheDocument();
    expect(upload.mock.calls.map((call) => [call[0].name, call[1], call[2]])).toEqual([
      ['Nia-01.jpg', 5, 'photo'],
      ['Nia-02.jpg', 5, 'photo'],
      ['notes.jpg', 5, 'photo'],
      ['Nia-03.jpg', 5, 'photo'],
    ]);

    await user.click(screen.getByRole('button', { name: 'Import the photos' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/studio/shoots/5/import')).toBe(true));
  });

  it('sends retouched versions with their kind, and cannot import without a photo', async () => {
    upload.mockImplementation(() => ({ done: Promise.resolve(), abort: vi.fn() }));
    stubFetch({ 'GET /studio/shoots/5': { body: shoot } });
    const user = userEvent.setup();
    renderWithProviders(<ShootUploadPanel shoot={shoot} />);
    expect(screen.getByRole('button', { name: 'Import the photos' })).toBeDisabled();
    await user.upload(document.querySelector<HTMLInputElement>('input[name="retouched"]')!, [jpeg('Nia-02.jpg')]);
    await waitFor(() => expect(upload).toHaveBeenCalledWith(expect.any(File), 5, 'retouched', expect.any(Function)));
    expect(await screen.findByText('(retouched)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import the photos' })).toBeDisabled();
  });
});
