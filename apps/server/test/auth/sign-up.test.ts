import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN } from '../helpers/sessions.js';

const PASSWORD = 'correct horse battery';
const CANNOT_CREATE = 'We could not create an account with this email. If you already have one, sign in instead.';

const signUpFrom = (app: Awaited<ReturnType<typeof buildTestApp>>, email: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { email, password: PASSWORD, name: 'Someone' },
    remoteAddress: ip,
  });

describe('sign-up', () => {
  it('answers an email that has an account without naming the account or its error code', async () => {
    const app = await buildTestApp();
    expect((await signUpFrom(app, 'taken@example.com', '10.0.0.1')).statusCode).toBe(200);
    const again = await signUpFrom(app, 'taken@example.com', '10.0.0.2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: CANNOT_CREATE, code: 'SIGN_UP_REFUSED' });
    expect(again.body).not.toMatch(/USER_ALREADY_EXISTS|already exists/i);
    // The other spelling of the same address gets the very same answer.
    expect((await signUpFrom(app, 'TAKEN@example.com', '10.0.0.3')).json()).toEqual({
      error: CANNOT_CREATE,
      code: 'SIGN_UP_REFUSED',
    });
  });

  it('allows an address a few sign-ups an hour, then answers 429 with Retry-After', async () => {
    // Four minutes' worth of the sign-in limit, but per hour: 5 a minute gives 20 an hour.
    const app = await buildTestApp({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '5' } });
    const statuses: number[] = [];
    for (let n = 0; n < 21; n += 1) {
      const response = await signUpFrom(app, `probe${n}@example.com`, '198.51.100.7');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          error: 'Too many sign-up attempts from your network. Please try again later.',
          code: 'SIGN_UP_THROTTLED',
        });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
      }
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another address is not held back by this one.
    expect((await signUpFrom(app, 'neighbour@example.com', '198.51.100.8')).statusCode).toBe(200);
  });
});
