import { describe, expect, it } from 'vitest';
import { NotificationVerificationError, verifyNotification } from './webhooks.js';

// The notification docs/webhooks.md shows: signed with the RFC 8032 test key 1 and this secret at
// 1700000000 (the gateway's own signer pins the same values).
const BODY =
  '{"id":"ev:KnownAnswer1","createdAtMs":1700000000000,"eventType":"PAYMENT_STATUS_CHANGED","payment":{"id":"pm2:abc","status":"INITIATION_COMPLETED"}}';
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KID = 'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k';
const JWKS = { keys: [{ kid: KID, kty: 'OKP', crv: 'Ed25519', x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo' }] };
const HEADERS = {
  'token-event': 'PAYMENT_STATUS_CHANGED',
  'token-signature': 'YOUM9DlkPMUrwIHpaXQLlcFs0WpZzJp7DLgNsSZQHLHyjqrN0gqbvmuElHb6dEdFVsPl4nLz0RA8GnQFFG8oDA',
  'token-signature-kid': KID,
  'webhook-id': 'ev:KnownAnswer1',
  'webhook-timestamp': '1700000000',
  'webhook-signature':
    'v1,HlHFLDOqJ3Qpye0X2x3wZvcSnd8WhfBsjMK6DG0D4hw= v1a,bgV5JHhy2Xmn0P8Virj57P84Ko/a1Goeh+oM+85W2KO0ReLGkVB0H1e1X8vOnaabwQSxSvJsaUrvyLGH8I/+BA==',
};
const NOW = 1_700_000_010_000;

async function reason(input: Parameters<typeof verifyNotification>[0]): Promise<string> {
  const error = await verifyNotification(input).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NotificationVerificationError);
  return (error as Error).message;
}

describe('verifyNotification', () => {
  it('accepts the documented notification by its secret, by the JWKS, and by both', async () => {
    for (const by of [{ secret: SECRET }, { jwks: JWKS }, { secret: SECRET, jwks: JWKS }]) {
      const verified = await verifyNotification({ body: BODY, headers: HEADERS, nowMs: NOW, ...by });
      expect(verified).toMatchObject({
        id: 'ev:KnownAnswer1',
        event: 'PAYMENT_STATUS_CHANGED',
        timestampSeconds: 1700000000,
      });
    }
    const headers = new Headers(HEADERS);
    expect((await verifyNotification({ body: BODY, headers, nowMs: NOW, jwks: JWKS })).id).toBe('ev:KnownAnswer1');
  });

  it('refuses a changed body, another secret, an unknown key, a stale timestamp and a mismatched id', async () => {
    const tampered = BODY.replace('INITIATION_COMPLETED', 'INITIATION_REJECTED');
    expect(await reason({ body: tampered, headers: HEADERS, nowMs: NOW, secret: SECRET })).toMatch(/v1 signature/);
    expect(await reason({ body: tampered, headers: HEADERS, nowMs: NOW, jwks: JWKS })).toMatch(/token-signature/);
    expect(
      await reason({ body: BODY, headers: HEADERS, nowMs: NOW, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSx' }),
    ).toMatch(/v1 signature/);
    expect(
      await reason({ body: BODY, headers: { ...HEADERS, 'token-signature-kid': 'other' }, nowMs: NOW, jwks: JWKS }),
    ).toMatch(/no Ed25519 key/);
    expect(await reason({ body: BODY, headers: HEADERS, nowMs: NOW + 301_000, secret: SECRET })).toMatch(/300 s/);
    expect(
      await reason({ body: BODY, headers: HEADERS, nowMs: NOW + 61_000, secret: SECRET, toleranceSeconds: 60 }),
    ).toMatch(/60 s/);
    expect(
      await reason({ body: BODY, headers: { ...HEADERS, 'webhook-signature': 'v1,AAAA' }, nowMs: NOW, secret: SECRET }),
    ).toMatch(/v1 signature/);
    expect(await reason({ body: BODY, headers: HEADERS, nowMs: NOW })).toMatch(/secret, the JWKS/);
  });
});
