import type { SpecialRequestOrder } from '@studio-gallery/contract';
import type { Executor } from '../../db/transaction';
import type { MailQueue } from '../../mail/outbox';
import { orderDeliveredMail, orderPlacedMail } from '../../mail/order-templates';
import type { BrandingService } from '../branding/branding.service';

export interface OrderCustomer {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Who is told about orders: the studio when one is placed, the customer when it is delivered. The
 * mail is queued with `executor`, the transaction that places or delivers the order.
 */
export interface OrderNotifications {
  orderPlaced(order: SpecialRequestOrder, customer: OrderCustomer, studioEmail: string | null, executor?: Executor): Promise<void>;
  orderDelivered(order: SpecialRequestOrder, customer: OrderCustomer, executor?: Executor): Promise<void>;
}

/** The order mails, with links into the web app at PUBLIC_URL, queued in the mail outbox. */
export class OrderMails implements OrderNotifications {
  constructor(
    private readonly outbox: MailQueue,
    private readonly branding: Pick<BrandingService, 'mailBranding'>,
    private readonly publicUrl: string,
  ) {}

  /** To the service provider's address, else the studio's support address; nowhere when neither is set. */
  async orderPlaced(order: SpecialRequestOrder, customer: OrderCustomer, studioEmail: string | null, executor?: Executor): Promise<void> {
    const branding = await this.branding.mailBranding(executor);
    const to = studioEmail ?? branding.supportEmail;
    if (!to) return;
    await this.outbox.enqueue({ ...orderPlacedMail(to, order, customer, branding), kind: 'order-placed' }, executor);
  }

  async orderDelivered(order: SpecialRequestOrder, customer: OrderCustomer, executor?: Executor): Promise<void> {
    const link = `${this.publicUrl}/main/retouched`;
    const mail = orderDeliveredMail(customer.email, customer.firstName, order, link, await this.branding.mailBranding(executor));
    await this.outbox.enqueue({ ...mail, kind: 'order-delivered' }, executor);
  }
}
