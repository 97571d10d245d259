import { createHmac, randomBytes } from 'node:crypto';
import { standardSignedContent } from './webhook-verifier.js';

/** How a Standard Webhooks symmetric secret is written: `whsec_` and the base64 of its bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Bytes of a secret the gateway issues (Standard Webhooks asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/** A fresh `whsec_` secret. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(WEBHOOK_SECRET_BYTES).toString('base64');
}

/** The HMAC key of a `whsec_` secret: its base64 part decoded. */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  const text = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  const key = Buffer.from(text, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || key.length < 24 || key.length > 64)
    throw new Error('a webhook secret is whsec_ and the base64 of 24 to 64 bytes');
  return key;
}

/** Standard Webhooks `v1`: base64 HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>` under the secret's key. */
export function symmetricSignature(
  key: Uint8Array,
  id: string,
  timestampSeconds: number | string,
  body: string | Uint8Array,
): string {
  return createHmac('sha256', key)
    .update(standardSignedContent(id, timestampSeconds, body))
    .digest('base64');
}
