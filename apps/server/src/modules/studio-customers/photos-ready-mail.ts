import type { Executor } from '../../db/transaction';
import type { MailQueue } from '../../mail/outbox';
import { brandedMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';

interface Recipient {
  email: string;
  first_name: string;
}

/** "Your photos are ready": for a customer who already has an account (no activation link, a sign-in link). */
export class PhotosReadyMails {
  constructor(
    private readonly outbox: MailQueue,
    private readonly branding: Pick<BrandingService, 'mailBranding'>,
    private readonly publicUrl: string,
  ) {}

  /** Queued in the mail outbox with `executor` (the transaction of the change it reports, or the database). */
  async send(user: Recipient, sessionName: string, executor?: Executor): Promise<void> {
    const branding = await this.branding.mailBranding(executor);
    await this.outbox.enqueue(
      {
        ...brandedMail(user.email, branding, {
          subject: `Your photos from ${branding.studioName} are ready`,
          greeting: user.first_name ? `Hi ${user.first_name},` : 'Hi,',
          paragraphs: [
            `Your photos from "${sessionName}" are ready in your ${branding.studioName} gallery.`,
            `Sign in to view, favourite, download and share them.`,
          ],
          action: { label: 'Open my gallery', url: `${this.publicUrl}/login` },
          afterAction: `Forgot your password? Choose a new one with "Forgot Password" on the sign-in page.`,
        }),
        kind: 'photos-ready',
      },
      executor,
    );
  }
}
