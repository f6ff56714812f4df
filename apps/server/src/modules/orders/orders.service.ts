import {
  type CartItem,
  type OrderedPhoto,
  type OrderedPhotosResponse,
  type ServiceType,
  type SpecialRequestOrder,
  type UserOrder,
  commerceMessages,
  formatOrderNumber,
  toCents,
} from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, addHours } from '../../clock';
import type { PaymentRow, TransactionRow } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { type PaymentsRepository, paymentItems } from '../commerce/payments.repository';
import type { PricedCartItem, PricingService } from '../commerce/pricing.service';
import type { OrderNotifications } from './order-mails';
import { CouponUsedUpError, type NewOrder, type OrdersRepository } from './orders.repository';
import { type CustomerEventRecorder, NO_CUSTOMER_EVENTS } from '../customer-events/customer-events';

export interface SpecialRequestCommand {
  transactionId: number | null;
  /** Dollars. */
  totalPrice: number;
  orderDetails: CartItem[];
  couponCode?: string | null;
}

/** The same photos with the same services, in any order. */
function sameItems(ordered: readonly Pick<CartItem, 'imageid' | 'serviceType'>[], priced: readonly PricedCartItem[]): boolean {
  const key = (item: { imageid: number; serviceType: string }) => `${item.imageid}:${item.serviceType}`;
  const a = ordered.map(key).sort();
  const b = priced.map(key).sort();
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Orders (special requests): creating them from a paid transaction or a free cart, listing them, invoices. */
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly pricing: PricingService,
    private readonly notifications: OrderNotifications,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Records the order on the customer's timeline for the studio (issue 15 §3). */
    private readonly events: CustomerEventRecorder = NO_CUSTOMER_EVENTS,
  ) {}

  invoiceOrders(userId: number): Promise<UserOrder[]> {
    return this.orders.listInvoiceOrders(userId);
  }

  list(userId: number): Promise<SpecialRequestOrder[]> {
    return this.orders.listForUser(userId);
  }

  /**
   * Which of these photos already have `serviceType` in one of the customer's orders (the newest
   * order of each): delivered once its item was delivered, else ordered (issue 24 §6).
   */
  async orderedPhotos(userId: number, photoIds: readonly number[], serviceType: ServiceType): Promise<OrderedPhotosResponse> {
    const rows = await this.orders.orderedPhotos(userId, photoIds, serviceType);
    const items = new Map<number, OrderedPhoto>();
    for (const row of rows) {
      if (items.has(row.photo_id)) continue;
      const delivered = row.delivered_at !== null || row.status === 'DELIVERED';
      items.set(row.photo_id, {
        photoId: row.photo_id,
        serviceType,
        orderId: row.order_id,
        orderNumber: formatOrderNumber(row.order_id),
        status: delivered ? 'delivered' : 'ordered',
      });
    }
    return { items: [...items.values()] };
  }

  /** Any order by id (studio tools: the deliver command). */
  findOrder(id: number): Promise<SpecialRequestOrder | null> {
    return this.orders.findOrder(id);
  }

  async get(userId: number, id: number): Promise<SpecialRequestOrder> {
    const order = await this.orders.findForUser(userId, id);
    if (!order) throw new NotFoundError(commerceMessages.orderNotFound);
    return order;
  }

  /** POST /SpecialRequest: the order of a paid transaction (once), or a free order priced here. */
  async create(userId: number, command: SpecialRequestCommand): Promise<SpecialRequestOrder> {
    if (command.transactionId) {
      const transaction = await this.payments.findTransaction(command.transactionId);
      if (!transaction || transaction.user_id !== userId) throw new NotFoundError(commerceMessages.paymentNotFound);
      const payment = await this.payments.findById(transaction.payment_id);
      if (!payment) throw new NotFoundError(commerceMessages.paymentNotFound);
      if (!sameItems(command.orderDetails, paymentItems(payment)) || toCents(command.totalPrice) !== Number(payment.amount_cents)) {
        throw new ValidationError(commerceMessages.cartChanged);
      }
      return this.completePaidOrder(payment, transaction);
    }
    return this.createFreeOrder(userId, command);
  }

  /** The order of a paid payment, created once whoever asks first (the browser or the webhook). */
  async completePaidOrder(payment: PaymentRow, transaction: TransactionRow): Promise<SpecialRequestOrder> {
    const existing = await this.orders.findByTransaction(transaction.id);
    if (existing) return existing;
    return this.insert(
      {
        userId: payment.user_id,
        paymentId: payment.id,
        transactionId: transaction.id,
        itemPriceCents: Number(payment.item_price_cents),
        taxCents: Number(payment.tax_cents),
        discountHundredths: Number(payment.discount_hundredths),
        discountCents: Number(payment.discount_cents),
        totalCents: Number(payment.amount_cents),
        couponCode: payment.coupon_code,
      },
      paymentItems(payment),
      null,
    );
  }

  private async createFreeOrder(userId: number, command: SpecialRequestCommand): Promise<SpecialRequestOrder> {
    const priced = await this.pricing.priceCart(userId, command.orderDetails, command.couponCode);
    if (priced.totals.totalCents !== 0) throw new ValidationError(commerceMessages.totalNotZero);
    if (toCents(command.totalPrice) !== 0) throw new ValidationError(commerceMessages.cartChanged);
    try {
      return await this.insert(
        {
          userId,
          paymentId: null,
          transactionId: null,
          itemPriceCents: priced.totals.itemPriceCents,
          taxCents: priced.totals.taxCents,
          discountHundredths: Math.round(priced.totals.discountPercentage * 100),
          discountCents: priced.totals.discountCents,
          totalCents: 0,
          couponCode: priced.coupon?.code ?? null,
        },
        priced.items,
        priced.coupon?.id ?? null,
      );
    } catch (error) {
      if (error instanceof CouponUsedUpError) throw new ValidationError(commerceMessages.couponInvalid);
      throw error;
    }
  }

  private async insert(
    order: Omit<NewOrder, 'dueAt' | 'serviceProviderId'>,
    items: PricedCartItem[],
    freeOrderCouponId: number | null,
  ): Promise<SpecialRequestOrder> {
    const now = this.clock();
    const provider = await this.pricing.defaultProvider();
    const dueAt = addHours(now, provider ? Number(provider.turnaround_hours) : 0);
    // The studio's "New retouch order" mail is queued in the order's transaction: both or neither.
    const result = await this.orders.insertOrderOnce(
      { ...order, dueAt, serviceProviderId: provider?.id ?? null },
      items,
      freeOrderCouponId,
      now,
      async (created, { orders, trx }) => {
        const customer = await orders.customer(order.userId);
        if (customer) await this.notifications.orderPlaced(created, customer, provider?.email ?? null, trx);
      },
    );
    if (result.created) await this.events.record('ordered', orderedSubject(order.userId, result.order.orderId, items));
    return result.order;
  }
}

/** An order on the customer's timeline: its photo when it has one, else their count (and session when they share one). */
function orderedSubject(userId: number, orderNumber: string, items: readonly PricedCartItem[]) {
  const photoIds = [...new Set(items.map((item) => item.imageid))];
  const sessionIds = [...new Set(items.map((item) => item.sessionid))];
  return {
    userId,
    photoId: photoIds.length === 1 ? (photoIds[0] ?? null) : null,
    sessionId: sessionIds.length === 1 ? (sessionIds[0] ?? null) : null,
    details: { orderNumber, count: photoIds.length },
  };
}
