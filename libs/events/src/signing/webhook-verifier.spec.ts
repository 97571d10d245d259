import { describe, expect, it } from 'vitest';
import { notificationBody } from '../outbox/notification-body.js';
import { generateSigningKey, signingKeyFromPem } from './signing-key.js';
import { signWebhook } from './webhook-signer.js';
import {
  WebhookVerificationError,
  verifyWebhook,
  type JsonWebKeySet,
  type VerifyWebhookInput,
  type WebhookRejection,
} from './webhook-verifier.js';

const material = generateSigningKey();
const key = signingKeyFromPem(material.kid, material.privateKeyPem);
const other = generateSigningKey();
const JWKS: JsonWebKeySet = { keys: [material.publicJwk] };
const NOW_S = 1_800_000_000;
const body = notificationBody({
  id: 'ev:verify1',
  type: 'REFUND_STATUS_CHANGED',
  createdAtMs: NOW_S * 1000 - 5000,
  payload: { refundId: 'rf:1', memberId: 'm:1', status: 'PROCESSING', refId: 'r-1' },
});
const headers = signWebhook({ key, id: 'ev:verify1', event: 'REFUND_STATUS_CHANGED', body, timestampSeconds: NOW_S });

async function rejection(input: Partial<VerifyWebhookInput>): Promise<WebhookRejection> {
  try {
    await verifyWebhook({ body, headers, jwks: JWKS, nowMs: NOW_S * 1000, ...input });
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookVerificationError);
    return (error as WebhookVerificationError).reason;
  }
  throw new Error('verifyWebhook accepted the notification');
}

describe('verifyWebhook', () => {
  it('accepts a genuine notification, from plain headers or a fetch Headers object, as text or bytes', async () => {
    const verified = await verifyWebhook({ body, headers, jwks: JWKS, nowMs: NOW_S * 1000 });
    expect(verified).toMatchObject({
      id: 'ev:verify1',
      event: 'REFUND_STATUS_CHANGED',
      kid: material.kid,
      timestampSeconds: NOW_S,
    });
    expect(verified.body['refundStatusChanged']).toMatchObject({ refundId: 'rf:1' });
    await expect(
      verifyWebhook({ body: Buffer.from(body), headers: new Headers(headers), jwks: JWKS, nowMs: NOW_S * 1000 }),
    ).resolves.toMatchObject({ id: 'ev:verify1' });
    const upper = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    await expect(verifyWebhook({ body, headers: upper, jwks: JWKS, nowMs: NOW_S * 1000 })).resolves.toMatchObject({
      id: 'ev:verify1',
    });
  });

  it('accepts a timestamp within the tolerance either side of now', async () => {
    await expect(verifyWebhook({ body, headers, jwks: JWKS, nowMs: (NOW_S + 300) * 1000 })).resolves.toBeDefined();
    await expect(verifyWebhook({ body, headers, jwks: JWKS, nowMs: (NOW_S - 300) * 1000 })).resolves.toBeDefined();
  });

  it('rejects a tampered body', async () => {
    expect(await rejection({ body: body.replace('PROCESSING', 'SUCCESS') })).toBe('bad-signature');
    expect(await rejection({ body: `${body} ` })).toBe('bad-signature');
  });

  it('rejects a signature made with another key under the published kid', async () => {
    const impostor = signingKeyFromPem(material.kid, other.privateKeyPem);
    const forged = signWebhook({
      key: impostor,
      id: 'ev:verify1',
      event: 'REFUND_STATUS_CHANGED',
      body,
      timestampSeconds: NOW_S,
    });
    expect(await rejection({ headers: forged })).toBe('bad-signature');
  });

  it('rejects a kid the JWKS does not hold, and keys that are not Ed25519', async () => {
    expect(await rejection({ jwks: { keys: [other.publicJwk] } })).toBe('unknown-key');
    expect(await rejection({ jwks: { keys: [{ ...material.publicJwk, crv: 'X25519' }] } })).toBe('unknown-key');
  });

  it('rejects an old timestamp (replay) and one from the future', async () => {
    expect(await rejection({ nowMs: (NOW_S + 301) * 1000 })).toBe('stale-timestamp');
    expect(await rejection({ nowMs: (NOW_S + 3600) * 1000, toleranceSeconds: 600 })).toBe('stale-timestamp');
    expect(await rejection({ nowMs: (NOW_S - 400) * 1000 })).toBe('stale-timestamp');
  });

  it('rejects a replayed notification whose timestamp was moved (webhook-signature no longer matches)', async () => {
    expect(
      await rejection({
        headers: { ...headers, 'webhook-timestamp': String(NOW_S + 100) },
        nowMs: (NOW_S + 100) * 1000,
      }),
    ).toBe('bad-signature');
    expect(await rejection({ headers: { ...headers, 'webhook-id': 'ev:other' } })).toBe('bad-signature');
  });

  it('rejects missing headers and malformed values', async () => {
    for (const name of [
      'token-signature',
      'token-signature-kid',
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]) {
      const without = Object.fromEntries(Object.entries(headers).filter(([header]) => header !== name));
      expect(await rejection({ headers: without }), name).toBe('missing-header');
    }
    expect(await rejection({ headers: { ...headers, 'token-signature': 'not-a-signature' } })).toBe('bad-signature');
    expect(await rejection({ headers: { ...headers, 'webhook-timestamp': '17e8' } })).toBe('bad-timestamp');
    expect(await rejection({ headers: { ...headers, 'webhook-signature': 'v1,abc' } })).toBe('bad-signature');
  });

  it('accepts one valid signature among several in webhook-signature', async () => {
    const extra = { ...headers, 'webhook-signature': `v1a,${'A'.repeat(86)}== ${headers['webhook-signature'] ?? ''}` };
    await expect(verifyWebhook({ body, headers: extra, jwks: JWKS, nowMs: NOW_S * 1000 })).resolves.toBeDefined();
  });

  it('refreshes a JWKS source once when the kid is unknown (after a rotation)', async () => {
    const calls: boolean[] = [];
    const source = (options: { refresh: boolean }): Promise<JsonWebKeySet> => {
      calls.push(options.refresh);
      return Promise.resolve(options.refresh ? JWKS : { keys: [other.publicJwk] });
    };
    await expect(verifyWebhook({ body, headers, jwks: source, nowMs: NOW_S * 1000 })).resolves.toBeDefined();
    expect(calls).toEqual([false, true]);
  });
});
