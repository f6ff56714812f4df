import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/transaction';
import type { StoredMediaFolder } from '../gallery/photo-media';

export interface DeliveryItem {
  itemId: number;
  photoId: number;
  /** The photo's name: delivered files are matched to it. */
  photoName: string;
  deliveredAt: string | null;
  retouchedMediaKey: string | null;
  retouchedExt: string | null;
}

export interface DeliveryOrder {
  id: number;
  userId: number;
  status: 'PENDING' | 'DELIVERED';
  items: DeliveryItem[];
  customer: { email: string; firstName: string; lastName: string };
}

/** The SQL of delivering retouch orders. */
export class DeliveryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction with a repository bound to it (and the transaction, for the order's mail). */
  transaction<T>(work: (deliveries: DeliveryRepository, trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new DeliveryRepository(trx), trx));
  }

  async findOrder(orderId: number): Promise<DeliveryOrder | null> {
    const order = await this.db
      .selectFrom('special_requests as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select(['o.id', 'o.user_id', 'o.status', 'u.email', 'u.first_name', 'u.last_name'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    if (!order) return null;
    const items = await this.db
      .selectFrom('special_request_items as i')
      .innerJoin('photos as p', 'p.id', 'i.photo_id')
      .select(['i.id as itemId', 'p.id as photoId', 'p.name as photoName', 'i.delivered_at as deliveredAt', 'p.retouched_media_key as retouchedMediaKey', 'p.retouched_ext as retouchedExt'])
      .where('i.special_request_id', '=', orderId)
      .orderBy('i.id')
      .execute();
    return {
      id: order.id,
      userId: order.user_id,
      status: order.status,
      items,
      customer: { email: order.email, firstName: order.first_name, lastName: order.last_name },
    };
  }

  /** Points an already-retouched photo at a new retouched folder (the counters do not change). */
  async replaceRetouched(photoId: number, stored: StoredMediaFolder): Promise<void> {
    await this.db
      .updateTable('photos')
      .set({ retouched_media_key: stored.folder, retouched_ext: stored.extension, retouched_crc32: stored.crc32 })
      .where('id', '=', photoId)
      .where('is_retouched', '=', 1)
      .executeTakeFirstOrThrow();
  }

  async markItemDelivered(itemId: number, at: string): Promise<void> {
    await this.db.updateTable('special_request_items').set({ delivered_at: at }).where('id', '=', itemId).execute();
  }

  /** True when this call moved the order to DELIVERED (false if it already was, or items remain). */
  async markOrderDeliveredIfComplete(orderId: number, at: string): Promise<boolean> {
    const pending = await this.db
      .selectFrom('special_request_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('special_request_id', '=', orderId)
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) > 0) return false;
    const result = await this.db
      .updateTable('special_requests')
      .set({ status: 'DELIVERED', delivered_at: at })
      .where('id', '=', orderId)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
