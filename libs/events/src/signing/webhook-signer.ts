import { sign } from 'node:crypto';
import type { WebhookSigningKey } from './signing-key.js';
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
}

/** The signature over the body alone: the same for every attempt of one event under one key. */
export function tokenSignature(key: WebhookSigningKey, body: string | Uint8Array): string {
  return sign(null, typeof body === 'string' ? Buffer.from(body, 'utf8') : body, key.privateKey).toString('base64url');
}

/** Every header a notification carries besides content-type. */
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
    [WebhookHeader.StandardSignature]: `v1a,${standard}`,
  };
}
