import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { StudioShoot } from '../api/shoots';
import { ShootImportProgress } from './shoot-import-progress';

const base: StudioShoot = {
  id: 5, status: 'importing', customerEmail: 'nia@example.com', firstName: 'Nia', lastName: 'Hire', sessionName: 'Acme day', sessionDate: null, invite: true,
  uploadedFiles: 30, uploadedBytes: 0, totalFiles: 30, processed: 12, imported: 11, duplicates: 1, retouchesAttached: 0, unreadable: 0, failed: 0,
  error: null, sessionId: null, customerUserId: null, createdAt: '2026-11-26T10:00:00Z', finishedAt: null, problems: [],
};

describe('ShootImportProgress', () => {
  it('shows how far the import is and its counts', () => {
    renderWithProviders(<ShootImportProgress shoot={base} />);
    expect(screen.getByText('12 of 30 photos imported…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByLabelText('New photos: 11')).toBeInTheDocument();
    expect(screen.getByLabelText('Already there: 1')).toBeInTheDocument();
    expect(screen.getByText('Importing')).toBeInTheDocument();
  });

  it('says when it is done, and which files were not imported and why', () => {
    renderWithProviders(
      <ShootImportProgress shoot={{ ...base, status: 'done', processed: 30, imported: 29, duplicates: 0, unreadable: 1, problems: [{ fileName: 'broken.jpg', outcome: 'unreadable', reason: 'not an image' }] }} />,
    );
    expect(screen.getByText('Done: 29 new photos in “Acme day” for nia@example.com.')).toBeInTheDocument();
    expect(screen.getByText('broken.jpg: not an image')).toBeInTheDocument();
    expect(screen.getByText('Imported')).toBeInTheDocument();
  });

  it('shows why it failed', () => {
    renderWithProviders(<ShootImportProgress shoot={{ ...base, status: 'failed', error: 'disk full' }} />);
    expect(screen.getByText(/disk full/)).toBeInTheDocument();
  });
});
