import type { UserOrder } from '@studio-gallery/contract';
import type { OrdersRepository } from './orders.repository';

export class OrdersService {
  constructor(private readonly orders: OrdersRepository) {}

  invoiceOrders(userId: number): Promise<UserOrder[]> {
    return this.orders.listInvoiceOrders(userId);
  }
}
