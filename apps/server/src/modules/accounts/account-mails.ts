import type { Mailer } from '../../mail/mailer';
import { activationMail, galleryInvitationMail, passwordResetMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';

interface Recipient {
  email: string;
  first_name: string;
}

/** The mails of the account flows, with links into the web app at PUBLIC_URL. */
export class AccountMails {
  constructor(
    private readonly mailer: Mailer,
    private readonly branding: BrandingService,
    private readonly publicUrl: string,
  ) {}

  async sendActivation(user: Recipient, activationKey: string): Promise<void> {
    const link = `${this.publicUrl}/active-account/${encodeURIComponent(activationKey)}`;
    await this.mailer.send(activationMail(user.email, user.first_name, link, await this.branding.mailBranding()));
  }

  /** The invitation of a customer the studio created at import: carries the activation link. */
  async sendGalleryInvitation(user: Recipient, activationKey: string, sessionName: string): Promise<void> {
    const link = `${this.publicUrl}/active-account/${encodeURIComponent(activationKey)}`;
    await this.mailer.send(galleryInvitationMail(user.email, user.first_name, link, await this.branding.mailBranding(), sessionName));
  }

  async sendPasswordReset(user: Recipient, resetKey: string): Promise<void> {
    const link = `${this.publicUrl}/reset/finish?key=${encodeURIComponent(resetKey)}`;
    await this.mailer.send(passwordResetMail(user.email, user.first_name, link, await this.branding.mailBranding()));
  }
}
