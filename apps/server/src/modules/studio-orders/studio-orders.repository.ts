import type { StudioOrderFilter } from '@studio-gallery/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, PhotoRow, SpecialRequestItemRow, SpecialRequestStatus } from '../../db/schema';

export interface QueueOrderRow {
  id: number;
  status: SpecialRequestStatus;
  created_at: string;
  due_at: string;
  delivered_at: string | null;
  total_cents: number;
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** Whose orders: a company's employees (its id), the studio's own customers (null), or everyone (undefined). */
export type OrdersScope = number | null | undefined;

export interface QueueItemRow {
  item: SpecialRequestItemRow;
  photo: PhotoRow;
  sessionName: string;
}

/** The SQL of the studio's retouch order queue (issue 15 §4). */
export class StudioOrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private orders(filter: StudioOrderFilter, scope: OrdersScope = undefined) {
    let query = this.db.selectFrom('special_requests as o').innerJoin('users as u', 'u.id', 'o.user_id');
    if (scope === null) query = query.where('u.corporate_client_id', 'is', null);
    else if (scope !== undefined) query = query.where('u.corporate_client_id', '=', scope);
    if (filter === 'open') query = query.where('o.status', '!=', 'DELIVERED');
    if (filter === 'delivered') query = query.where('o.status', '=', 'DELIVERED');
    return query;
  }

  /**
   * A page of orders. Open ones by due time (so the overdue come first, the most overdue on top);
   * delivered ones by delivery, newest first; 'all' lists the open ones before the delivered.
   */
  async page(filter: StudioOrderFilter, page: number, pageSize: number, scope: OrdersScope = undefined): Promise<{ rows: QueueOrderRow[]; total: number }> {
    const total = await this.orders(filter, scope)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    let query = this.orders(filter, scope).select(['o.id', 'o.status', 'o.created_at', 'o.due_at', 'o.delivered_at', 'o.total_cents', 'o.user_id', 'u.email', 'u.first_name', 'u.last_name']);
    if (filter !== 'delivered') query = query.orderBy(sql`case when o.status = 'DELIVERED' then 1 else 0 end`).orderBy('o.due_at');
    query = query.orderBy('o.delivered_at', 'desc').orderBy('o.id', 'desc');
    const rows = await query
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { rows: rows.map((row) => ({ ...row, total_cents: Number(row.total_cents) })), total: Number(total.n) };
  }

  async find(orderId: number): Promise<QueueOrderRow | null> {
    const row = await this.orders('all')
      .select(['o.id', 'o.status', 'o.created_at', 'o.due_at', 'o.delivered_at', 'o.total_cents', 'o.user_id', 'u.email', 'u.first_name', 'u.last_name'])
      .where('o.id', '=', orderId)
      .executeTakeFirst();
    return row ? { ...row, total_cents: Number(row.total_cents) } : null;
  }

  /** Open orders whose due time is before `nowIso`. */
  async overdueCount(nowIso: string, scope: OrdersScope = undefined): Promise<number> {
    const row = await this.orders('open', scope)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('o.due_at', '<', nowIso)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The items of these orders, by order then item id. */
  itemRowsOf(orderIds: number[]): Promise<SpecialRequestItemRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('special_request_items').selectAll().where('special_request_id', 'in', orderIds).orderBy('special_request_id').orderBy('id').execute();
  }

  /** One order's items with their photo and session name. */
  async itemsWithPhotos(orderId: number): Promise<QueueItemRow[]> {
    const items = await this.itemRowsOf([orderId]);
    if (items.length === 0) return [];
    const photos = await this.db
      .selectFrom('photos')
      .innerJoin('photo_sessions', 'photo_sessions.id', 'photos.session_id')
      .selectAll('photos')
      .select('photo_sessions.name as session_name')
      .where(
        'photos.id',
        'in',
        items.map((item) => item.photo_id),
      )
      .execute();
    const byId = new Map(photos.map((photo) => [photo.id, photo]));
    return items.flatMap((item) => {
      const found = byId.get(item.photo_id);
      if (!found) return [];
      const { session_name: sessionName, ...photo } = found;
      return [{ item, photo, sessionName }];
    });
  }
}
