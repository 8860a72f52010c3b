import { describe, expect, it } from 'vitest';
import { adminCookie, appWithAdmin } from '../helpers/admin.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const EXPORT = '/api/admin/newsletter/subscribers.csv';

describe('the blog newsletter', () => {
  it('stores each address once, in lower case, and staff export the list as CSV', async () => {
    const app = await appWithAdmin();
    const signUp = (email: string) =>
      app.inject({ method: 'POST', url: '/api/newsletter', headers: { origin: ORIGIN }, payload: { email } });

    const first = await signUp('  Reader@Example.com ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ subscribed: true, email: 'reader@example.com' });
    // Signing up again, in any case, is the same subscription.
    expect((await signUp('reader@example.COM')).statusCode).toBe(200);
    expect((await signUp('-cmd@example.com')).statusCode).toBe(200);

    const csv = await app.inject({ method: 'GET', url: EXPORT, headers: { cookie: await adminCookie(app) } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,subscribed_at');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['reader@example.com', "'-cmd@example.com"]);
    expect(lines[1]?.split(',')[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('refuses an address that is not one, with a clear message, and stores nothing', async () => {
    const app = await appWithAdmin();
    for (const payload of [{ email: 'not an address' }, { email: '' }, {}]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        headers: { origin: ORIGIN },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^Please enter (a valid|your) email address\.$/);
    }
    const csv = await app.inject({ method: 'GET', url: EXPORT, headers: { cookie: await adminCookie(app) } });
    expect(csv.body.trim()).toBe('email,subscribed_at');
  });

  it('gives the list to staff only: not to visitors, nor to signed-in users', async () => {
    const app = await appWithAdmin();
    expect((await app.inject({ method: 'GET', url: EXPORT })).statusCode).toBe(401);
    const user = await signedInUser(app);
    const asUser = await app.inject({ method: 'GET', url: EXPORT, headers: { cookie: user.cookie } });
    expect(asUser.statusCode).toBe(401);
  });
});
