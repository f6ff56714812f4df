import type { SpecialRequestOrder } from '@studio-gallery/contract';
import type { Mailer } from '../../mail/mailer';
import { orderDeliveredMail, orderPlacedMail } from '../../mail/order-templates';
import type { BrandingService } from '../branding/branding.service';

export interface OrderCustomer {
  email: string;
  firstName: string;
  lastName: string;
}

/** Who is told about orders: the studio when one is placed, the customer when it is delivered. */
export interface OrderNotifications {
  orderPlaced(order: SpecialRequestOrder, customer: OrderCustomer, studioEmail: string | null): Promise<void>;
  orderDelivered(order: SpecialRequestOrder, customer: OrderCustomer): Promise<void>;
}

/** The order mails, with links into the web app at PUBLIC_URL. */
export class OrderMails implements OrderNotifications {
  constructor(
    private readonly mailer: Mailer,
    private readonly branding: BrandingService,
    private readonly publicUrl: string,
  ) {}

  /** To the service provider's address, else the studio's support address; nowhere when neither is set. */
  async orderPlaced(order: SpecialRequestOrder, customer: OrderCustomer, studioEmail: string | null): Promise<void> {
    const branding = await this.branding.mailBranding();
    const to = studioEmail ?? branding.supportEmail;
    if (!to) return;
    await this.mailer.send(orderPlacedMail(to, order, customer, branding));
  }

  async orderDelivered(order: SpecialRequestOrder, customer: OrderCustomer): Promise<void> {
    const link = `${this.publicUrl}/main/retouched`;
    await this.mailer.send(orderDeliveredMail(customer.email, customer.firstName, order, link, await this.branding.mailBranding()));
  }
}
