import { createHmac } from 'node:crypto';

/**
 * The `Sayso-Signature` header of a callback: when it was signed (Unix seconds) and the hex
 * HMAC-SHA256, keyed with the user's signing secret, of that time, a dot and the raw body. Signing
 * the time with the body lets a receiver refuse an old request replayed to it; `v1` names the
 * scheme so a later one can be sent beside it while receivers move over.
 */
export function callbackSignature(secret: string, body: string, signedAtSeconds: number): string {
  const digest = createHmac('sha256', secret).update(`${signedAtSeconds}.${body}`).digest('hex');
  return `t=${signedAtSeconds},v1=${digest}`;
}
