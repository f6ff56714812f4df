import type { Executor } from '../../db/transaction';
import type { MailQueue } from '../../mail/outbox';
import { activationMail, galleryInvitationMail, passwordResetMail, staffInvitationMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';

interface Recipient {
  email: string;
  first_name: string;
}

/**
 * The mails of the account flows, with links into the web app at PUBLIC_URL, queued in the mail
 * outbox with `executor`: the transaction that stores the key the mail carries (or the database).
 */
export class AccountMails {
  constructor(
    private readonly outbox: MailQueue,
    private readonly branding: Pick<BrandingService, 'mailBranding'>,
    private readonly publicUrl: string,
  ) {}

  async sendActivation(user: Recipient, activationKey: string, executor?: Executor): Promise<void> {
    const link = `${this.publicUrl}/active-account/${encodeURIComponent(activationKey)}`;
    const mail = activationMail(user.email, user.first_name, link, await this.branding.mailBranding(executor));
    await this.outbox.enqueue({ ...mail, kind: 'activation' }, executor);
  }

  /** The invitation of a customer the studio created at import: carries the activation link. */
  async sendGalleryInvitation(user: Recipient, activationKey: string, sessionName: string, executor?: Executor): Promise<void> {
    const link = `${this.publicUrl}/active-account/${encodeURIComponent(activationKey)}`;
    const mail = galleryInvitationMail(user.email, user.first_name, link, await this.branding.mailBranding(executor), sessionName);
    await this.outbox.enqueue({ ...mail, kind: 'invitation' }, executor);
  }

  /** The invitation of a studio member (staff or admin): the dashboard, and the link that sets a password. */
  async sendStaffInvitation(user: Recipient, activationKey: string, role: 'staff' | 'admin', executor?: Executor): Promise<void> {
    const link = `${this.publicUrl}/active-account/${encodeURIComponent(activationKey)}`;
    const mail = staffInvitationMail(user.email, user.first_name, link, await this.branding.mailBranding(executor), role, `${this.publicUrl}/studio`);
    await this.outbox.enqueue({ ...mail, kind: 'staff-invitation' }, executor);
  }

  async sendPasswordReset(user: Recipient, resetKey: string, executor?: Executor): Promise<void> {
    const link = `${this.publicUrl}/reset/finish?key=${encodeURIComponent(resetKey)}`;
    const mail = passwordResetMail(user.email, user.first_name, link, await this.branding.mailBranding(executor));
    await this.outbox.enqueue({ ...mail, kind: 'password-reset' }, executor);
  }
}
