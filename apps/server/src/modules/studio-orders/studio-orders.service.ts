import {
  type StudioDeliveryResult,
  type StudioOrderDetail,
  type StudioOrderFilter,
  type StudioOrderSummary,
  type StudioOrdersResponse,
  deliveryMatchKey,
  editRecipe,
  formatOrderNumber,
  serviceLabels,
  toDollars,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { PhotoRow, SpecialRequestItemRow } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { ImageTooLargeError, UnreadableImageError, inspectSource } from '../../media/renditions';
import type { MediaFile, MediaVariant } from '../gallery/photo-media';
import { displayVariant } from '../gallery/photo-media';
import type { DeliveryService } from '../orders/delivery.service';
import { servicesSummary } from '../orders/orders.repository';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { OrdersScope, QueueOrderRow, StudioOrdersRepository } from './studio-orders.repository';

/** Signs a photo file's URL for the studio's screens (GalleryService.studioFileUrl). */
export interface PhotoFileUrls {
  studioFileUrl(photo: PhotoRow, variant: MediaVariant, file: MediaFile): string;
}

/**
 * The retouch order queue of the studio dashboard (issue 15 §4): the orders with their due time,
 * overdue first; an order's photos with the customer's edit; delivery of one retouched file at a
 * time from the browser, through the same DeliveryService as `npm run studio -- deliver`.
 */
export class StudioOrdersService {
  constructor(
    private readonly orders: StudioOrdersRepository,
    private readonly delivery: Pick<DeliveryService, 'deliver'>,
    private readonly photos: PhotoFileUrls,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  /** The queue; `scope` narrows it to a company's employees (its id) or the studio's own customers (null). */
  async queue(filter: StudioOrderFilter, page: number, pageSize: number, scope: OrdersScope = undefined): Promise<StudioOrdersResponse> {
    const now = this.clock().toISOString();
    const { rows, total } = await this.orders.page(filter, page, pageSize, scope);
    const items = await this.orders.itemRowsOf(rows.map((row) => row.id));
    return {
      items: rows.map((row) => this.summary(row, items.filter((item) => item.special_request_id === row.id), now)),
      total,
      page,
      pageSize,
      overdue: await this.orders.overdueCount(now, scope),
    };
  }

  async detail(orderId: number): Promise<StudioOrderDetail> {
    const order = await this.orders.find(orderId);
    if (!order) throw new NotFoundError(`Order ${formatOrderNumber(orderId)} does not exist.`);
    const items = await this.orders.itemsWithPhotos(orderId);
    return {
      ...this.summary(
        order,
        items.map((entry) => entry.item),
        this.clock().toISOString(),
      ),
      items: items.map(({ item, photo, sessionName }) => ({
        itemId: item.id,
        photoId: photo.id,
        photoName: photo.name,
        sessionName,
        serviceType: item.service_type,
        serviceLabel: serviceLabels[item.service_type],
        deliveredAt: item.delivered_at,
        thumbUrl: this.photos.studioFileUrl(photo, displayVariant(photo), 'thumb2x'),
        originalUrl: this.photos.studioFileUrl(photo, 'original', 'original'),
        editedUrl: photo.edited_media_key !== null ? this.photos.studioFileUrl(photo, 'edited', 'preview') : null,
        editRecipe: parseRecipe(photo.edit_recipe),
      })),
    };
  }

  /**
   * Attaches one retouched file to the ordered photo of the same name (without extension, any case).
   * 400 when it matches no photo of the order or is not an image (judged by content); the order is
   * marked delivered, and the customer mailed, by the upload that brings its last file.
   */
  async deliverFile(actor: ActivityActor, orderId: number, fileName: string, data: Buffer): Promise<StudioDeliveryResult> {
    const order = await this.orders.find(orderId);
    const orderNumber = formatOrderNumber(orderId);
    if (!order) throw new NotFoundError(`Order ${orderNumber} does not exist.`);
    const items = await this.orders.itemsWithPhotos(orderId);
    const key = deliveryMatchKey(fileName);
    const match = items.find((entry) => entry.photo.name.toLowerCase() === key);
    if (!match) {
      throw new ValidationError(`No photo of order ${orderNumber} is named “${key}”. Name each retouched file as its photo: ${items.map((e) => e.photo.name).join(', ')}.`);
    }
    try {
      await inspectSource(data);
    } catch (error) {
      if (error instanceof ImageTooLargeError) throw new ValidationError(`“${fileName}” has more than 100 megapixels.`, { cause: error });
      if (error instanceof UnreadableImageError) throw new ValidationError(`“${fileName}” is not a JPEG, PNG, WebP or TIFF image.`, { cause: error });
      throw error;
    }
    const result = await this.delivery.deliver(orderId, [{ fileName, read: async () => data }]);
    const problem = result.unreadable[0];
    if (problem) throw new ValidationError(`“${fileName}” could not be delivered: ${problem.reason}.`);
    await this.activity.recordActivity(actor, 'order.deliver', orderNumber, { fileName, photoName: match.photo.name, complete: result.complete }, this.clock());
    return { photoName: match.photo.name, fileName, complete: result.complete, customerMailed: result.customerMailed, missing: result.missing };
  }

  private summary(row: QueueOrderRow, items: SpecialRequestItemRow[], nowIso: string): StudioOrderSummary {
    return {
      id: row.id,
      orderId: formatOrderNumber(row.id),
      status: row.status,
      createdAt: row.created_at,
      dueAt: row.due_at,
      deliveredAt: row.delivered_at,
      overdue: row.status !== 'DELIVERED' && row.due_at < nowIso,
      customer: { id: row.user_id, email: row.email, firstName: row.first_name, lastName: row.last_name },
      photos: items.length,
      deliveredPhotos: items.filter((item) => item.delivered_at !== null).length,
      services: servicesSummary(items),
      totalPrice: toDollars(row.total_cents),
    };
  }
}

function parseRecipe(json: string | null) {
  if (json === null) return null;
  try {
    const parsed = editRecipe.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
