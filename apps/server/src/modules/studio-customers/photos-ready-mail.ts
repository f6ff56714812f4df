import type { Mailer } from '../../mail/mailer';
import { brandedMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';

interface Recipient {
  email: string;
  first_name: string;
}

/** "Your photos are ready": for a customer who already has an account (no activation link, a sign-in link). */
export class PhotosReadyMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly branding: BrandingService,
    private readonly publicUrl: string,
  ) {}

  async send(user: Recipient, sessionName: string): Promise<void> {
    const branding = await this.branding.mailBranding();
    await this.mailer.send(
      brandedMail(user.email, branding, {
        subject: `Your photos from ${branding.studioName} are ready`,
        greeting: user.first_name ? `Hi ${user.first_name},` : 'Hi,',
        paragraphs: [
          `Your photos from "${sessionName}" are ready in your ${branding.studioName} gallery.`,
          `Sign in to view, favourite, download and share them.`,
        ],
        action: { label: 'Open my gallery', url: `${this.publicUrl}/login` },
        afterAction: `Forgot your password? Choose a new one with "Forgot Password" on the sign-in page.`,
      }),
    );
  }
}
