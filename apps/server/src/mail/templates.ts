import type { OutgoingMail } from './mailer';

/** What a mail shows of the studio sending it. */
export interface MailBranding {
  studioName: string;
  accentColor: string;
  supportEmail: string | null;
}

export function activationMail(to: string, firstName: string, link: string, branding: MailBranding): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `Activate your ${branding.studioName} account`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`Thanks for signing up. Activate your account to open your photo gallery.`],
    action: { label: 'Activate my account', url: link },
    afterAction: `If you did not create this account, you can ignore this email.`,
  });
}

/** A studio-created account: the customer's photos are ready; activating opens the gallery. */
export function galleryInvitationMail(
  to: string,
  firstName: string,
  link: string,
  branding: MailBranding,
  sessionName: string,
): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `Your photos from ${branding.studioName} are ready`,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [
      `Your photos from "${sessionName}" are ready in your ${branding.studioName} gallery.`,
      `Activate your account to view, favourite, download and share them.`,
    ],
    action: { label: 'Activate and open my gallery', url: link },
    afterAction: `The link works once and expires in 30 days. To sign in later, set a password with "Forgot Password" on the login page.`,
  });
}

/**
 * A studio member (staff or admin) the studio added: what the dashboard is and how to get in. The
 * link activates the account and leads to set-password; there is no sign-up password to keep.
 */
export function staffInvitationMail(
  to: string,
  firstName: string,
  link: string,
  branding: MailBranding,
  role: 'staff' | 'admin',
  dashboardUrl: string,
): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `You're invited to the ${branding.studioName} studio dashboard`,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [
      `${branding.studioName} has added you to its studio dashboard as ${role === 'admin' ? 'an admin' : 'a member of staff'}.`,
      `The dashboard is where the studio works: today's bookings and calendars, customers and their galleries, shoot uploads, retouch orders and the activity log${role === 'admin' ? ', and, as an admin, prices, coupons, companies and who else is on the staff' : ''}.`,
      `Open the link below to activate your account and choose your password. After that, open ${dashboardUrl} and sign in with this email address and your password.`,
    ],
    action: { label: 'Activate and set my password', url: link },
    afterAction: `The link works once and expires in 30 days. If it has expired, ask the studio to add you again. If you were not expecting this, you can ignore this email.`,
  });
}

export function passwordResetMail(to: string, firstName: string, link: string, branding: MailBranding): OutgoingMail {
  return brandedMail(to, branding, {
    subject: `Set a new password for ${branding.studioName}`,
    greeting: firstName ? `Hi ${firstName},` : 'Hi,',
    paragraphs: [`We received a request to set a new password for your account.`],
    action: { label: 'Set a new password', url: link },
    afterAction: `The link works once and expires in 24 hours. If you did not ask for it, you can ignore this email.`,
  });
}

export interface MailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** The button; a mail to the studio may have none. */
  action: { label: string; url: string } | null;
  afterAction: string;
}

export function brandedMail(to: string, branding: MailBranding, content: MailContent): OutgoingMail {
  const signOff = branding.supportEmail
    ? `Questions? Write to ${branding.supportEmail}.\n\n${branding.studioName}`
    : branding.studioName;

  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    content.afterAction,
    signOff,
  ].join('\n\n');

  const accent = /^#[0-9a-fA-F]{6}$/.test(branding.accentColor) ? branding.accentColor : '#333333';
  const paragraph = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f4f4f7;font-family:Helvetica,Arial,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:${accent}">${escapeHtml(branding.studioName)}</h1>
${[content.greeting, ...content.paragraphs].map(paragraph).join('\n')}
${content.action ? actionHtml(content.action, accent) : ''}
${paragraph(content.afterAction)}
<p style="margin:24px 0 0;font-size:13px;color:#555">${escapeHtml(signOff).replace(/\n/g, '<br>')}</p>
</div></body></html>`;

  return { to, subject: content.subject, text, html, links: content.action ? [content.action.url] : [] };
}

function actionHtml(action: { label: string; url: string }, accent: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:${accent};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Or open this link: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
