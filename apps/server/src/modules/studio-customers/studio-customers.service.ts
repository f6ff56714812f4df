import {
  type CustomerEvent,
  type CustomerInviteResult,
  type CustomerTimelineResponse,
  type FavouritesExportFormat,
  type StudioCustomerDetail,
  type StudioCustomerSession,
  type StudioRenamedPhoto,
  favouritesFileName,
  favouritesList,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import { type PhotoSessionRow, type UserRow, fromFlag } from '../../db/schema';
import { ConflictError, NotFoundError } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { CustomerInvitations } from '../accounts/customer-invitations';
import type { CustomerEventTimelineRow, CustomerEventsRepository } from '../customer-events/customer-events.repository';
import type { GalleryRepository } from '../gallery/gallery.repository';
import { type MediaVariant, deleteMediaFolder, storedVersion } from '../gallery/photo-media';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { PhotosReadyMails } from './photos-ready-mail';
import type { StudioCustomersRepository } from './studio-customers.repository';

const VARIANTS: readonly MediaVariant[] = ['original', 'retouched', 'edited'];

export interface FavouritesExport {
  fileName: string;
  body: string;
}

/**
 * A customer's page in the studio dashboard (issue 15 §3): the customer with their sessions and
 * codes, the invitation, their gallery timeline, renaming and deleting sessions and photos (what the
 * customer then sees at once: the gallery's own repository makes the changes, so its counters and
 * page revisions follow), and the favourites as a file-name list. Every change is in the activity log.
 */
export class StudioCustomersService {
  constructor(
    private readonly customers: StudioCustomersRepository,
    private readonly events: CustomerEventsRepository,
    private readonly gallery: Pick<GalleryRepository, 'findSessionById' | 'renameSession' | 'findPhoto' | 'rename' | 'softDelete'>,
    private readonly invitations: Pick<CustomerInvitations, 'invite'>,
    private readonly photosReady: Pick<PhotosReadyMails, 'send'>,
    private readonly storage: Storage,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async detail(userId: number): Promise<StudioCustomerDetail> {
    const user = await this.customer(userId);
    const sessions = await this.customers.sessions(userId);
    return {
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      activated: fromFlag(user.activated),
      invitedAt: await this.customers.lastInvitedAt(userId),
      createdAt: user.created_at,
      favourites: sessions.reduce((sum, session) => sum + Number(session.favourite_count), 0),
      sessions: sessions.map(toSession),
    };
  }

  async timeline(userId: number, page: number, pageSize: number): Promise<CustomerTimelineResponse> {
    await this.customer(userId);
    const { rows, total } = await this.events.timeline(userId, page, pageSize);
    return { items: rows.map(toEvent), total, page, pageSize };
  }

  /**
   * Sends (or sends again) the mail about a session: a customer who never activated gets the
   * invitation with a fresh activation link; one who did gets "your photos are ready".
   */
  async invite(actor: ActivityActor, userId: number, sessionId: number): Promise<CustomerInviteResult> {
    const user = await this.customer(userId);
    const session = await this.gallery.findSessionById(sessionId);
    if (!session || session.user_id !== userId) throw new NotFoundError('This customer has no such session.');
    const mail = fromFlag(user.activated) ? 'photos-ready' : 'invitation';
    if (mail === 'invitation') await this.invitations.invite(user, session.name);
    else await this.photosReady.send(user, session.name);
    await this.activity.recordActivity(actor, 'customer.invite', user.email, { sessionId, sessionName: session.name, mail }, this.clock());
    return { mail, email: user.email };
  }

  async renameSession(actor: ActivityActor, sessionId: number, name: string): Promise<StudioCustomerSession> {
    const before = await this.session(sessionId);
    const renamed = await this.gallery.renameSession(sessionId, name);
    if (!renamed) throw new NotFoundError('This session does not exist.');
    await this.activity.recordActivity(actor, 'session.rename', before.name, { sessionId, userId: before.user_id, name }, this.clock());
    return toSession(renamed);
  }

  /**
   * Deletes the session with its photos and their files. A session with photos in a retouch order
   * is kept (409): the order needs them.
   */
  async deleteSession(actor: ActivityActor, sessionId: number): Promise<void> {
    const session = await this.session(sessionId);
    const ordered = await this.customers.orderedPhotos(sessionId);
    if (ordered > 0) {
      throw new ConflictError(`“${session.name}” has ${ordered === 1 ? 'a photo' : `${ordered} photos`} in a retouch order, so it cannot be deleted.`);
    }
    const photos = await this.customers.allPhotos(sessionId);
    if (!(await this.customers.deleteSession(sessionId))) throw new NotFoundError('This session does not exist.');
    await this.activity.recordActivity(actor, 'session.delete', session.name, { sessionId, userId: session.user_id, photos: photos.length }, this.clock());
    // The rows are gone: their files next, best effort (deleteMediaFolder never throws).
    for (const photo of photos) {
      for (const variant of VARIANTS) {
        const version = storedVersion(photo, variant);
        if (version) await deleteMediaFolder(this.storage, version.folder, version.extension);
      }
    }
  }

  async renamePhoto(actor: ActivityActor, photoId: number, name: string): Promise<StudioRenamedPhoto> {
    const before = await this.photo(photoId);
    const renamed = await this.gallery.rename(photoId, name);
    if (!renamed) throw new NotFoundError('This photo does not exist.');
    await this.activity.recordActivity(actor, 'photo.rename', before.name, { photoId, sessionId: before.session_id, name }, this.clock());
    return { id: renamed.id, name: renamed.name, sessionId: renamed.session_id };
  }

  /** Removes the photo from the customer's gallery (soft delete, as the customer's own delete). */
  async deletePhoto(actor: ActivityActor, photoId: number): Promise<void> {
    const photo = await this.photo(photoId);
    if (!(await this.gallery.softDelete(photoId, this.clock()))) throw new NotFoundError('This photo does not exist.');
    await this.activity.recordActivity(actor, 'photo.delete', photo.name, { photoId, sessionId: photo.session_id }, this.clock());
  }

  /** The session's favourites as file names (photo name + original extension) for Lightroom or Capture One. */
  async favouritesExport(sessionId: number, format: FavouritesExportFormat): Promise<FavouritesExport> {
    const session = await this.session(sessionId);
    const favourites = await this.customers.favourites(sessionId);
    const names = favourites.map((photo) => `${photo.name}.${photo.original_ext}`);
    return { fileName: favouritesFileName(session.name, format), body: favouritesList(names, format) };
  }

  private async customer(userId: number): Promise<UserRow> {
    const user = await this.customers.findUser(userId);
    if (!user) throw new NotFoundError('This customer does not exist.');
    return user;
  }

  private async session(sessionId: number): Promise<PhotoSessionRow> {
    const session = await this.gallery.findSessionById(sessionId);
    if (!session) throw new NotFoundError('This session does not exist.');
    return session;
  }

  private async photo(photoId: number) {
    const photo = await this.gallery.findPhoto(photoId);
    if (!photo) throw new NotFoundError('This photo does not exist.');
    return photo;
  }
}

/** A session as the studio's customer page shows it (the gallery lifecycle's answers too). */
export function toSession(session: PhotoSessionRow): StudioCustomerSession {
  return {
    id: session.id,
    name: session.name,
    sessionDate: session.session_date,
    code: session.code,
    createdAt: session.created_at,
    photos: Number(session.live_count),
    favourites: Number(session.favourite_count),
    skipped: Number(session.skipped_count),
    expiresAt: session.expires_at,
    archivedAt: session.archived_at,
    reminderSentAt: session.expiry_reminder_sent_at,
  };
}

function toEvent(row: CustomerEventTimelineRow): CustomerEvent {
  const details = parseDetails(row.details_json);
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : null);
  const resolution = text('resolution');
  return {
    id: row.id,
    kind: row.kind,
    at: row.created_at,
    by: details.by === 'visitor' ? 'visitor' : 'customer',
    photoId: row.photo_id,
    photoName: row.photo_name ?? text('photoName'),
    photoDeleted: row.photo_name === null ? text('photoName') !== null : row.photo_deleted_at !== null,
    sessionId: row.session_id,
    sessionName: row.session_name ?? text('sessionName'),
    count: typeof details.count === 'number' ? details.count : null,
    resolution: resolution === 'sm' || resolution === 'hr' ? resolution : null,
    orderNumber: text('orderNumber'),
  };
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
