import { type SpecialRequestOrder, serviceLabels } from '@studio-gallery/contract';
import type { OutgoingMail } from './mailer';
import { type MailBranding, brandedMail } from './templates';

interface Customer {
  email: string;
  firstName: string;
  lastName: string;
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/** "Tue, 24 Nov 2026 09:30 UTC": studios read due times across time zones. */
function utcDateTime(iso: string): string {
  const date = new Date(iso);
  return `${date.toUTCString().slice(0, 22)} UTC`;
}

function itemLines(order: SpecialRequestOrder): string[] {
  return order.items.map((item) => `• ${item.name} (photo ${item.imageid}, session ${item.sessionid}): ${serviceLabels[item.serviceType]}, ${money(item.price)}`);
}

/** To the studio: a new retouch order to work on, with its due time and how to deliver it. */
export function orderPlacedMail(to: string, order: SpecialRequestOrder, customer: Customer, branding: MailBranding): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `New retouch order ${order.orderId}: ${order.items.length} photo${order.items.length === 1 ? '' : 's'}, due ${utcDateTime(order.dueAt)}`,
    greeting: 'Hello studio,',
    paragraphs: [
      `${customer.firstName} ${customer.lastName} (${customer.email}) placed order ${order.orderId} on ${utcDateTime(order.orderDate)}.`,
      ...itemLines(order),
      `Total paid: ${money(order.totalPrice)}${order.couponCode ? ` (coupon ${order.couponCode}, ${order.discountPercentage}% off)` : ''}.`,
      `Due: ${utcDateTime(order.dueAt)}.`,
    ],
    action: null,
    afterAction: `When the retouched files are ready, name them like the photos above and run: npm run studio -- deliver ${order.id} <folder>`,
  });
}

/** To the customer: the retouched photos are in the gallery. */
export function orderDeliveredMail(to: string, firstName: string, order: SpecialRequestOrder, link: string, branding: MailBranding): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `Your retouched photos are ready (order ${order.orderId})`,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [`Your order ${order.orderId} has been delivered: ${order.items.length} retouched photo${order.items.length === 1 ? ' is' : 's are'} now in your gallery.`],
    action: { label: 'See my retouched photos', url: link },
    afterAction: 'You can download them in high resolution or share them from the Retouched tab.',
  });
}
