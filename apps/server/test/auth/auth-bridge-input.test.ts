import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN } from '../helpers/sessions.js';

// Deep enough to overflow the stack, small enough for the 1 MiB body limit.
const DEPTH = 100_000;

describe('the sign-in bridge', () => {
  it('answers JSON nested too deeply to pass on with a 400, not a crash', async () => {
    const app = await buildTestApp();
    const post = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
    const arrays = await post('['.repeat(DEPTH) + ']'.repeat(DEPTH));
    expect(arrays.statusCode).toBe(400);
    expect(arrays.json()).toEqual({ error: 'The request body is nested too deeply', code: 'BODY_TOO_DEEP' });
    // Fastify's own parser already refuses objects this deep; the answer stays a 400 either way.
    const objects = await post('{"a":'.repeat(DEPTH) + '}'.repeat(DEPTH));
    expect(objects.statusCode).toBe(400);
  });
});
