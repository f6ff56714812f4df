import type { Migration } from 'kysely';
import type { Dialect } from '../create-db';
import { accountsAndBranding } from './2026-11-22-01-accounts-and-branding';
import { photoSessionsAndPhotos } from './2026-11-22-02-photo-sessions-and-photos';
import { commerce } from './2026-11-22-03-commerce';
import { sessionRevisions } from './2026-11-22-04-session-revisions';
import { downloadChecksums } from './2026-11-22-05-download-checksums';
import { authSessions } from './2026-11-25-01-auth-sessions';
import { couponReservations } from './2026-11-25-02-coupon-reservations';
import { photoEdits } from './2026-11-25-03-photo-edits';
import { backgroundImages } from './2026-11-25-04-background-images';
import { appointments } from './2026-11-26-01-appointments';
import { surveys } from './2026-11-26-02-surveys';
import { studioRoles } from './2026-11-26-03-studio-roles';
import { companies } from './2026-11-27-01-companies';
import { jobs } from './2026-11-27-02-jobs';
import { shootUploads } from './2026-11-27-03-shoot-uploads';
import { customerEvents } from './2026-11-27-04-customer-events';
import { bulkInvites } from './2026-11-27-05-bulk-invites';
import { galleryLifecycle } from './2026-11-28-01-gallery-lifecycle';
import { companySliderImages } from './2026-11-28-02-company-slider-images';
import { fullResolutionDownloads } from './2026-11-28-03-full-resolution-downloads';
import { sharedBudgets } from './2026-11-28-04-shared-budgets';
import { mailOutbox } from './2026-11-28-05-mail-outbox';
import { uploadRecovery } from './2026-11-28-06-upload-recovery';
import { photoDownloads } from './2026-11-28-07-photo-downloads';
import { transactionsCreatedAt } from './2026-12-01-01-transactions-created-at';

/**
 * Every migration, by name. Names start with an ISO date: Kysely applies them in name order and
 * refuses to run when an applied name is missing here.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '2026-11-22-01-accounts-and-branding': accountsAndBranding(dialect),
    '2026-11-22-02-photo-sessions-and-photos': photoSessionsAndPhotos(dialect),
    '2026-11-22-03-commerce': commerce(dialect),
    '2026-11-22-04-session-revisions': sessionRevisions(dialect),
    '2026-11-22-05-download-checksums': downloadChecksums(),
    '2026-11-25-01-auth-sessions': authSessions(),
    '2026-11-25-02-coupon-reservations': couponReservations(dialect),
    '2026-11-25-03-photo-edits': photoEdits(),
    '2026-11-25-04-background-images': backgroundImages(dialect),
    '2026-11-26-01-appointments': appointments(dialect),
    '2026-11-26-02-surveys': surveys(dialect),
    '2026-11-26-03-studio-roles': studioRoles(dialect),
    '2026-11-27-01-companies': companies(dialect),
    '2026-11-27-02-jobs': jobs(dialect),
    '2026-11-27-03-shoot-uploads': shootUploads(dialect),
    '2026-11-27-04-customer-events': customerEvents(dialect),
    '2026-11-27-05-bulk-invites': bulkInvites(dialect),
    '2026-11-28-01-gallery-lifecycle': galleryLifecycle(dialect),
    '2026-11-28-02-company-slider-images': companySliderImages(),
    '2026-11-28-03-full-resolution-downloads': fullResolutionDownloads(),
    '2026-11-28-04-shared-budgets': sharedBudgets(),
    '2026-11-28-05-mail-outbox': mailOutbox(dialect),
    '2026-11-28-06-upload-recovery': uploadRecovery(),
    '2026-11-28-07-photo-downloads': photoDownloads(),
    '2026-12-01-01-transactions-created-at': transactionsCreatedAt(),
  };
}
