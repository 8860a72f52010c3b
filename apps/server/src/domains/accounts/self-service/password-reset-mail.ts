import { createTransport } from 'nodemailer';

export interface MailSettings {
  /** smtp:// or smtps://, with the user and password in it when the server wants them. */
  smtpUrl: string;
  /** The sender, as "Name <address>" or a bare address. */
  from: string;
}

export interface PasswordResetMail {
  to: { email: string; name: string };
  /** The one-time link better-auth made; it leads to the reset page through /api/auth. */
  link: string;
  productName: string;
}

/** How long the link works, as the mail says it (auth/service.ts keeps it for an hour). */
const LINK_LIFETIME_WORDS = 'one hour';

/** The words of the mail, plain text and HTML alike. */
export function passwordResetMessage({ to, link, productName }: PasswordResetMail) {
  const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
  const text = [
    greeting,
    '',
    `Someone asked to set a new password for your ${productName} account (${to.email}).`,
    'If it was you, open this link to choose a new password:',
    '',
    link,
    '',
    `The link works once, for ${LINK_LIFETIME_WORDS}. Setting a new password signs you out everywhere.`,
    'If you did not ask, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = text
    .split('\n\n')
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
      return paragraph === link ? `<p><a href="${escapeHtml(link)}">Set a new password</a></p>` : `<p>${escaped}</p>`;
    })
    .join('\n');
  return { subject: `Set a new ${productName} password`, text, html };
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Sends "Forgot password?" mails through the configured SMTP server. One connection per mail:
 * they are rare, and a pool would hold a socket open for nothing.
 */
export function passwordResetMailer(settings: MailSettings) {
  const transport = createTransport(settings.smtpUrl);
  return async (mail: PasswordResetMail): Promise<void> => {
    const { subject, text, html } = passwordResetMessage(mail);
    await transport.sendMail({ from: settings.from, to: mail.to.email, subject, text, html });
  };
}
