import { describe, expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { cookieHeader, ORIGIN, signedInUser, signIn } from '../helpers/sessions.js';
import { resetLinkIn, startMailbox } from './mailbox.js';

const PASSWORD = 'correct horse battery';

async function appWithMail() {
  const mailbox = await startMailbox();
  onTestFinished(() => mailbox.close());
  const app = await buildTestApp({ env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Sayso <no-reply@sayso.test>' } });
  return { app, mailbox };
}

describe('forgot password, with outgoing mail', () => {
  it('mails a link that leads to the reset page, sets the new password once, and signs out every session', async () => {
    const { app, mailbox } = await appWithMail();
    const options = await app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(options.json()).toMatchObject({ local: true, passwordReset: true });
    const user = await signedInUser(app);

    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: user.email, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await mailbox.nextMail();
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toContain('Subject: Set a new Sayso password');
    expect(mail.text).toContain('From: Sayso <no-reply@sayso.test>');
    const link = new URL(resetLinkIn(mail));
    expect(link.origin).toBe(ORIGIN);

    // The link checks the token and hands it to the web app's reset page.
    const followed = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(followed.statusCode).toBe(302);
    const page = new URL(String(followed.headers.location));
    expect(`${page.origin}${page.pathname}`).toBe(`${ORIGIN}/reset-password`);
    const token = page.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'my new password 2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(
      401,
    );
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    const signedIn = await signIn(app, user.email, 'my new password 2');
    expect(signedIn.statusCode).toBe(200);
    expect(cookieHeader(signedIn)).toContain('sayso.session_token');

    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'someone elses 3' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers an unknown email as it answers a known one, and sends nothing', async () => {
    const { app, mailbox } = await appWithMail();
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: 'nobody@example.com', redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received).toEqual([]);
  });
});

describe('forgot password, without outgoing mail', () => {
  it('is not offered, and a reset request is refused', async () => {
    const app = await buildTestApp();
    const options = await app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(options.json()).toMatchObject({ local: true, passwordReset: false });
    const user = await signedInUser(app);
    const asked = await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: user.email, redirectTo: `${ORIGIN}/reset-password` },
    });
    expect(asked.statusCode).toBe(400);
    expect((asked.json() as { code: string }).code).toBe('RESET_PASSWORD_DISABLED');
  });
});
