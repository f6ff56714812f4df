import type { UserOrder } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Orders for the user's invoice list, newest first. No orders table exists yet (commerce comes later). */
  async listInvoiceOrders(_userId: number): Promise<UserOrder[]> {
    return [];
  }
}
