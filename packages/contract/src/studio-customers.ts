import { z } from 'zod';
import { idParam } from './common';
import { studioPageQuery } from './studio';
import { sessionLifecycleFields } from './gallery-lifecycle';

/**
 * A customer's page in the studio (issue 15 §3): their sessions with the gallery code, the invitation
 * (sent or resent), what they did in the gallery as a timeline, renaming and deleting sessions and
 * photos, and the favourites as a file-name list for Lightroom or Capture One.
 */

export const CUSTOMER_EVENT_KINDS = ['viewed', 'favourited', 'unfavourited', 'skipped', 'unskipped', 'downloaded', 'shared', 'edited', 'ordered'] as const;
export const customerEventKind = z.enum(CUSTOMER_EVENT_KINDS);
export type CustomerEventKind = z.infer<typeof customerEventKind>;

export const studioCustomerSession = z.object({
  id: z.number(),
  name: z.string(),
  sessionDate: z.string().describe('YYYY-MM-DD'),
  code: z.string().describe('The gallery code a visitor opens the session with'),
  createdAt: z.string(),
  photos: z.number().describe('Live photos (skipped ones included)'),
  favourites: z.number(),
  skipped: z.number(),
  ...sessionLifecycleFields,
});
export type StudioCustomerSession = z.infer<typeof studioCustomerSession>;

export const studioCustomerDetail = z
  .object({
    id: z.number(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    activated: z.boolean().describe('The customer activated their account (else: invited, or not yet)'),
    invitedAt: z.string().nullable().describe('When the last invitation (activation link) was sent'),
    createdAt: z.string(),
    favourites: z.number().describe('Favourite photos across the sessions'),
    sessions: z.array(studioCustomerSession).describe('Newest first'),
  })
  .register(z.globalRegistry, { id: 'StudioCustomerDetail', description: 'A customer with their sessions' });
export type StudioCustomerDetail = z.infer<typeof studioCustomerDetail>;

export const customerTimelineQuery = studioPageQuery;
export type CustomerTimelineQuery = z.input<typeof customerTimelineQuery>;

export const customerEvent = z
  .object({
    id: z.number(),
    kind: customerEventKind,
    at: z.string(),
    by: z.enum(['customer', 'visitor']).describe('The signed-in customer, or a visitor with the session code'),
    photoId: z.number().nullable(),
    photoName: z.string().nullable().describe('Its name now (as it was, once deleted)'),
    photoDeleted: z.boolean(),
    sessionId: z.number().nullable(),
    sessionName: z.string().nullable(),
    count: z.number().nullable().describe('Photos of a ZIP download or an order of several'),
    resolution: z.enum(['sm', 'hr']).nullable().describe('Downloads: web size or high resolution'),
    orderNumber: z.string().nullable().describe('Orders: SP-123'),
  })
  .register(z.globalRegistry, { id: 'CustomerEvent', description: 'One thing a customer did in their gallery' });
export type CustomerEvent = z.infer<typeof customerEvent>;

export const customerTimelineResponse = z
  .object({ items: z.array(customerEvent), total: z.number(), page: z.number(), pageSize: z.number() })
  .register(z.globalRegistry, { id: 'CustomerTimelinePage' });
export type CustomerTimelineResponse = z.infer<typeof customerTimelineResponse>;

export const customerInviteRequest = z.object({ sessionId: idParam.describe('The session the mail is about') });
export type CustomerInviteRequest = z.input<typeof customerInviteRequest>;

export const customerInviteResult = z
  .object({
    mail: z.enum(['invitation', 'photos-ready']).describe('invitation: a fresh activation link; photos-ready: the customer already has an account'),
    email: z.string(),
  })
  .register(z.globalRegistry, { id: 'CustomerInviteResult' });
export type CustomerInviteResult = z.infer<typeof customerInviteResult>;

export const studioRenameRequest = z.object({ name: z.string().trim().min(1, 'Please give a name.').max(120, 'The name is too long.') });
export type StudioRenameRequest = z.input<typeof studioRenameRequest>;

export const studioRenamedSession = studioCustomerSession.register(z.globalRegistry, { id: 'StudioCustomerSession' });
export const studioRenamedPhoto = z
  .object({ id: z.number(), name: z.string(), sessionId: z.number() })
  .register(z.globalRegistry, { id: 'StudioPhotoName' });
export type StudioRenamedPhoto = z.infer<typeof studioRenamedPhoto>;

export const FAVOURITES_EXPORT_FORMATS = ['lightroom', 'captureone'] as const;
export const favouritesExportFormat = z.enum(FAVOURITES_EXPORT_FORMATS);
export type FavouritesExportFormat = z.infer<typeof favouritesExportFormat>;
export const favouritesExportQuery = z.object({ format: favouritesExportFormat.default('lightroom') });

/**
 * The favourites as a file-name list: Lightroom Classic's Library Filter (Text, Filename, Contains: names
 * separated by commas match any of them) gets them on one line, commas without spaces; Capture One's import of a selection
 * list, one name per line.
 */
export function favouritesList(fileNames: readonly string[], format: FavouritesExportFormat): string {
  return format === 'lightroom' ? `${fileNames.join(',')}\n` : fileNames.map((name) => `${name}\n`).join('');
}

/** `Acme day` → `Acme day favourites (Lightroom).txt` */
export function favouritesFileName(sessionName: string, format: FavouritesExportFormat): string {
  const safe = sessionName.replace(/[\\/:*?"<>|\0]+/g, ' ').trim() || 'session';
  return `${safe} favourites (${format === 'lightroom' ? 'Lightroom' : 'Capture One'}).txt`;
}

/** One live photo of a session as the studio manages it (GET /studio/sessions/{id}/photos). */
export const studioSessionPhoto = z.object({
  id: z.number(),
  name: z.string(),
  thumbUrl: z.string().describe('The version the customer sees now (signed, short-lived)'),
  width: z.number(),
  height: z.number(),
  favourite: z.boolean(),
  skipped: z.boolean(),
  retouched: z.boolean(),
  edited: z.boolean(),
});
export type StudioSessionPhoto = z.infer<typeof studioSessionPhoto>;

export const studioSessionPhotos = z
  .object({
    session: z.object({ id: z.number(), name: z.string(), sessionDate: z.string(), customerId: z.number(), customerName: z.string() }),
    photos: z.array(studioSessionPhoto),
  })
  .register(z.globalRegistry, { id: 'StudioSessionPhotos' });
export type StudioSessionPhotos = z.infer<typeof studioSessionPhotos>;
