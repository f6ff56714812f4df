import type { MailQueue } from '../../mail/outbox';
import { type MailBranding, brandedMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';
import type { ReminderRow } from './gallery-lifecycle.repository';

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 12 March 2027 */
export function expiryDateText(expiresAt: string): string {
  return DATE_FORMAT.format(new Date(expiresAt));
}

/**
 * "Your gallery expires on …": to the customer before their session is archived, in their company's
 * branding (the studio's for its own customers), linking to the gallery on the company's host.
 */
export class ExpiryReminderMails {
  constructor(
    private readonly outbox: MailQueue,
    private readonly branding: Pick<BrandingService, 'mailBranding'>,
    private readonly publicUrl: string,
  ) {}

  /**
   * Queues the reminder in the mail outbox, once per claim: `dedupeKey` names the claim, so a job run
   * again after a crash does not queue it twice. False when it was queued already.
   */
  async send(reminder: ReminderRow, dedupeKey?: string): Promise<boolean> {
    const branding = await this.brandingOf(reminder);
    const expires = expiryDateText(reminder.expires_at);
    const mail = brandedMail(reminder.email, branding, {
      subject: `Your ${branding.studioName} gallery expires on ${expires}`,
      greeting: reminder.first_name ? `Hi ${reminder.first_name},` : 'Hi,',
      paragraphs: [
        `Your photos from "${reminder.session_name}" are online until ${expires}.`,
        `Please download the photos you want to keep before then. After that date the gallery is archived and its photos are no longer shown; contact us if you need it back.`,
      ],
      action: { label: 'Open my gallery', url: `${this.galleryOrigin(reminder.company_host)}/login` },
      afterAction: `Forgot your password? Choose a new one with "Forgot Password" on the sign-in page.`,
    });
    return (await this.outbox.enqueue({ ...mail, kind: 'gallery-expiry-reminder' }, undefined, { dedupeKey })) !== null;
  }

  private async brandingOf(reminder: ReminderRow): Promise<MailBranding> {
    const studio = await this.branding.mailBranding();
    if (reminder.company_name === null) return studio;
    return {
      studioName: reminder.company_name,
      accentColor: reminder.company_accent_color ?? studio.accentColor,
      supportEmail: reminder.company_support_email ?? studio.supportEmail,
    };
  }

  /** The company's own host (its branding is chosen by host), else the app's public address. */
  private galleryOrigin(host: string | null): string {
    if (host === null) return this.publicUrl;
    return `${new URL(this.publicUrl).protocol}//${host}`;
  }
}
