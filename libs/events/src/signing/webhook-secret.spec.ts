import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateSigningKey, signingKeyFromPem } from './signing-key.js';
import { generateWebhookSecret, symmetricSignature, webhookSecretKey } from './webhook-secret.js';
import { signWebhook } from './webhook-signer.js';

/** The example of the Standard Webhooks specification (symmetric signature). */
const SPEC_EXAMPLE = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const material = generateSigningKey();
const key = signingKeyFromPem(material.kid, material.privateKeyPem);
const body = '{"id":"ev:std1","createdAtMs":1,"webhookTest":{"memberId":"m:1","message":"Zahlung über 10 €"}}';

function sign(symmetricKeys: Buffer[], timestampSeconds = Math.floor(Date.now() / 1000)): Record<string, string> {
  return signWebhook({ key, id: 'ev:std1', event: 'WEBHOOK_TEST', body, timestampSeconds, symmetricKeys });
}

describe('Standard Webhooks symmetric v1 signatures', () => {
  it('gives the signature of the specification example', () => {
    const secretKey = webhookSecretKey(SPEC_EXAMPLE.secret);
    expect(symmetricSignature(secretKey, SPEC_EXAMPLE.id, SPEC_EXAMPLE.timestamp, SPEC_EXAMPLE.body)).toBe(
      SPEC_EXAMPLE.signature,
    );
    const headers = signWebhook({
      key,
      id: SPEC_EXAMPLE.id,
      event: 'X',
      body: SPEC_EXAMPLE.body,
      timestampSeconds: SPEC_EXAMPLE.timestamp,
      symmetricKeys: [secretKey],
    });
    expect(headers['webhook-signature']).toMatch(
      new RegExp(`^v1,${SPEC_EXAMPLE.signature.replace(/[+/]/g, '\\$&')} v1a,`),
    );
  });

  it('issues whsec_ secrets of 32 random bytes, each different', () => {
    const secrets = Array.from({ length: 10 }, generateWebhookSecret);
    expect(new Set(secrets).size).toBe(10);
    for (const secret of secrets) {
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(webhookSecretKey(secret)).toHaveLength(32);
    }
    expect(() => webhookSecretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toThrow(/whsec_/);
    expect(() => webhookSecretKey('whsec_c2hvcnQ=')).toThrow(/24 to 64 bytes/);
  });

  it('the standardwebhooks package verifies a notification signed with the secret, beside v1a', () => {
    const secret = generateWebhookSecret();
    const headers = sign([webhookSecretKey(secret)]);
    expect(headers['webhook-signature']?.split(' ').map((entry) => entry.split(',')[0])).toEqual(['v1', 'v1a']);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
  });

  it('with two secrets (a rotation overlap) each one verifies; without any, only v1a is sent', () => {
    const [next, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = sign([webhookSecretKey(next), webhookSecretKey(previous)]);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(3);
    expect(new Webhook(next).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    const asymmetricOnly = sign([]);
    expect(asymmetricOnly['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]+={0,2}$/);
    expect(() => new Webhook(next).verify(body, asymmetricOnly)).toThrow(/No matching signature/);
  });

  it('the package refuses a stale timestamp (replay) even with a good signature', () => {
    const secret = generateWebhookSecret();
    const headers = sign([webhookSecretKey(secret)], Math.floor(Date.now() / 1000) - 3600);
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/);
  });
});
