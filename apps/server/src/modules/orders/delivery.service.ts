import type { SpecialRequestOrder } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/transaction';
import { NotFoundError } from '../../errors';
import { makeRenditions } from '../../media/renditions';
import type { Storage } from '../../storage/storage';
import type { GalleryRepository } from '../gallery/gallery.repository';
import { type ImportSource, photoNameOf } from '../gallery/photo-import.service';
import { deleteMediaFolder, storeRenditionSet } from '../gallery/photo-media';
import type { DeliveryRepository } from './delivery.repository';
import type { OrderNotifications } from './order-mails';

export interface DeliveryResult {
  orderId: number;
  /** Photos that received their retouched file in this run. */
  delivered: { photoName: string; fileName: string }[];
  /** Ordered photos still without a delivered file. */
  missing: string[];
  /** Files that match no ordered photo. */
  unmatchedFiles: string[];
  /** Files that matched but could not be read as images. */
  unreadable: { fileName: string; reason: string }[];
  /** The order is delivered (now or before). */
  complete: boolean;
  /** The customer was mailed in this run. */
  customerMailed: boolean;
}

/**
 * `npm run studio -- deliver <orderId> <folder>`: attaches the retouched files to the ordered photos
 * (matched by file name without extension, case-insensitive), marks each item and, once all are in,
 * the order delivered, and mails the customer. Running it again with the missing files finishes a
 * partial delivery; files for already-delivered items replace the earlier retouch.
 */
export class DeliveryService {
  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly gallery: GalleryRepository,
    private readonly storage: Storage,
    private readonly notifications: OrderNotifications,
    /** The order as its mail shows it, read with `executor` (the delivering transaction). */
    private readonly loadOrder: (orderId: number, executor: Executor) => Promise<SpecialRequestOrder | null>,
    private readonly clock: Clock,
  ) {}

  async deliver(orderId: number, files: ImportSource[]): Promise<DeliveryResult> {
    const order = await this.deliveries.findOrder(orderId);
    if (!order) throw new NotFoundError(`Order ${orderId} does not exist.`);

    const filesByName = new Map(files.map((file) => [photoNameOf(file.fileName).toLowerCase(), file]));
    const result: DeliveryResult = { orderId, delivered: [], missing: [], unmatchedFiles: [], unreadable: [], complete: false, customerMailed: false };
    const matchedNames = new Set<string>();

    for (const item of order.items) {
      const key = item.photoName.toLowerCase();
      const file = filesByName.get(key);
      if (!file) {
        if (!item.deliveredAt) result.missing.push(item.photoName);
        continue;
      }
      matchedNames.add(key);
      try {
        await this.attach(item.photoId, item.retouchedMediaKey, item.retouchedExt, await file.read());
      } catch (error) {
        result.unreadable.push({ fileName: file.fileName, reason: error instanceof Error ? error.message : String(error) });
        if (!item.deliveredAt) result.missing.push(item.photoName);
        continue;
      }
      await this.deliveries.markItemDelivered(item.itemId, this.clock().toISOString());
      result.delivered.push({ photoName: item.photoName, fileName: file.fileName });
    }
    result.unmatchedFiles = files.filter((file) => !matchedNames.has(photoNameOf(file.fileName).toLowerCase())).map((file) => file.fileName);

    // Delivered and the customer's mail (queued in the outbox) in one transaction: both or neither.
    const completedNow = await this.deliveries.transaction(async (deliveries, trx) => {
      if (!(await deliveries.markOrderDeliveredIfComplete(orderId, this.clock().toISOString()))) return false;
      const delivered = await this.loadOrder(orderId, trx);
      if (delivered) {
        await this.notifications.orderDelivered(delivered, order.customer, trx);
        result.customerMailed = true;
      }
      return true;
    });
    result.complete = completedNow || (order.status === 'DELIVERED' && result.missing.length === 0);
    return result;
  }

  /** New renditions in a new folder; the photo points at it; the replaced folder goes. */
  private async attach(photoId: number, previousKey: string | null, previousExt: string | null, data: Buffer): Promise<void> {
    const stored = await storeRenditionSet(this.storage, await makeRenditions(data));
    try {
      if (previousKey === null) {
        if (await this.gallery.attachRetouched(photoId, stored)) return;
        // Retouched meanwhile (an import with --retouched): the next run replaces that one.
        throw new Error('the photo was retouched while delivering; run the delivery again');
      }
      await this.deliveries.replaceRetouched(photoId, stored);
    } catch (error) {
      await deleteMediaFolder(this.storage, stored.folder, stored.extension);
      throw error;
    }
    if (previousExt !== null) await deleteMediaFolder(this.storage, previousKey, previousExt);
  }
}
