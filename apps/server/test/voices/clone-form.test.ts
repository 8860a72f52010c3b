import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

describe('the clone form parser', () => {
  it('answers a broken multipart body with a 400 and keeps no voice', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const broken = [
      { 'content-type': 'multipart/form-data; boundary=x', body: '{"voice_name":"x"}' },
      { 'content-type': 'multipart/form-data', body: '--x\r\n' },
      {
        'content-type': 'multipart/form-data; boundary=x',
        body: '--x\r\ncontent-disposition: form-data; name="voice_name"\r\n\r\nCut short',
      },
    ];
    for (const { body, ...headers } of broken) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/voice/clone',
        headers: { ...headers, cookie: user.cookie, origin: ORIGIN },
        payload: body,
      });
      expect(response.statusCode, body).toBe(400);
      expect(response.json(), body).toEqual({
        error: 'The upload could not be read. Please choose the file and try again.',
        code: 'MALFORMED_UPLOAD',
      });
    }
    const voices = await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie: user.cookie } });
    expect(voices.json()).toMatchObject({ voices: [] });
  });
});
