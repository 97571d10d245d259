import { sign } from 'node:crypto';
import type { WebhookSigningKey } from './signing-key.js';
import { symmetricSignature } from './webhook-secret.js';
import { WebhookHeader, standardSignedContent } from './webhook-verifier.js';

export interface SignWebhookInput {
  readonly key: WebhookSigningKey;
  /** The notification id (body `id`). */
  readonly id: string;
  /** The `token-event` value. */
  readonly event: string;
  /** The exact body text that is sent. */
  readonly body: string;
  /** Seconds since the epoch of this attempt. */
  readonly timestampSeconds: number;
  /**
   * HMAC keys of the receiver's `whsec_` secrets (webhookSecretKey), newest first: each adds a
   * Standard Webhooks `v1` signature (two during a rotation's overlap). None: `v1a` only.
   */
  readonly symmetricKeys?: readonly Uint8Array[];
}

/** The signature over the body alone: the same for every attempt of one event under one key. */
export function tokenSignature(key: WebhookSigningKey, body: string | Uint8Array): string {
  return sign(null, typeof body === 'string' ? Buffer.from(body, 'utf8') : body, key.privateKey).toString('base64url');
}

/**
 * Every header a notification carries besides content-type. `webhook-signature` is the Standard
 * Webhooks list (space separated): one `v1` per symmetric key, then `v1a` (Ed25519, the JWKS key).
 */
export function signWebhook(input: SignWebhookInput): Record<string, string> {
  if (!Number.isSafeInteger(input.timestampSeconds)) throw new Error('timestampSeconds must be an integer');
  const standard = sign(
    null,
    standardSignedContent(input.id, input.timestampSeconds, input.body),
    input.key.privateKey,
  ).toString('base64');
  return {
    [WebhookHeader.Event]: input.event,
    [WebhookHeader.Signature]: tokenSignature(input.key, input.body),
    [WebhookHeader.SignatureKid]: input.key.kid,
    [WebhookHeader.Id]: input.id,
    [WebhookHeader.Timestamp]: String(input.timestampSeconds),
    [WebhookHeader.StandardSignature]: [
      ...(input.symmetricKeys ?? []).map(
        (secretKey) => `v1,${symmetricSignature(secretKey, input.id, input.timestampSeconds, input.body)}`,
      ),
      `v1a,${standard}`,
    ].join(' '),
  };
}
