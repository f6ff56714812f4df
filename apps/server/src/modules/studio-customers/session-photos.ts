import { type StudioSessionPhotos, displayName } from '@studio-gallery/contract';
import { fromFlag } from '../../db/schema';
import { NotFoundError } from '../../errors';
import type { GalleryRepository } from '../gallery/gallery.repository';
import { displayVariant } from '../gallery/photo-media';
import type { PhotoFileUrls } from '../studio-orders/studio-orders.service';
import type { StudioCustomersRepository } from './studio-customers.repository';

/** A session's live photos for the studio's photo page, where staff rename or delete single photos. */
export class StudioSessionPhotosService {
  constructor(
    private readonly gallery: Pick<GalleryRepository, 'findSessionById' | 'sessionPhotos'>,
    private readonly customers: Pick<StudioCustomersRepository, 'findUser'>,
    private readonly photoUrls: PhotoFileUrls,
  ) {}

  async list(sessionId: number): Promise<StudioSessionPhotos> {
    const session = await this.gallery.findSessionById(sessionId);
    const customer = session && (await this.customers.findUser(session.user_id));
    if (!session || !customer) throw new NotFoundError('There is no such session.');
    const photos = await this.gallery.sessionPhotos(sessionId);
    return {
      session: {
        id: session.id,
        name: session.name,
        sessionDate: session.session_date,
        customerId: customer.id,
        customerName: displayName(customer.first_name, customer.last_name, customer.email),
      },
      photos: photos.map((photo) => ({
        id: photo.id,
        name: photo.name,
        thumbUrl: this.photoUrls.studioFileUrl(photo, displayVariant(photo), 'thumb2x'),
        width: photo.width,
        height: photo.height,
        favourite: fromFlag(photo.is_favourite),
        skipped: fromFlag(photo.is_skipped),
        retouched: fromFlag(photo.is_retouched),
        edited: photo.edited_media_key !== null,
      })),
    };
  }
}
