import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationBody } from '../outbox/notification-body.js';
import {
  ed25519PublicJwk,
  ed25519Thumbprint,
  generateSigningKey,
  signingKeyFromPem,
  type WebhookSigningKey,
} from './signing-key.js';
import { signWebhook, tokenSignature } from './webhook-signer.js';
import { standardSignedContent } from './webhook-verifier.js';

/** An Ed25519 private key from its 32-byte seed (RFC 8032 "SECRET KEY"). */
function keyFromSeed(seedHex: string, kid = 'rfc8032'): WebhookSigningKey {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seedHex, 'hex')]);
  return { kid, privateKey: createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }) };
}

const RFC8032_TEST_1 = {
  seed: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
  publicKey: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  message: '',
  signature:
    'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
};
const RFC8032_TEST_2 = {
  seed: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  message: '72',
  signature:
    '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
};

describe('token-signature known answers (RFC 8032 section 7.1)', () => {
  it.each([
    ['TEST 1', RFC8032_TEST_1],
    ['TEST 2', RFC8032_TEST_2],
  ])('%s: Ed25519 over the exact bytes, base64url', (_name, vector) => {
    const key = keyFromSeed(vector.seed);
    expect(tokenSignature(key, Buffer.from(vector.message, 'hex'))).toBe(
      Buffer.from(vector.signature, 'hex').toString('base64url'),
    );
    expect(ed25519PublicJwk(key.privateKey).x).toBe(Buffer.from(vector.publicKey, 'hex').toString('base64url'));
  });
});

describe('signWebhook', () => {
  const key = keyFromSeed(RFC8032_TEST_1.seed, 'kid-known-answer');
  const body = notificationBody({
    id: 'ev:KnownAnswer1',
    type: 'PAYMENT_STATUS_CHANGED',
    createdAtMs: 1_700_000_000_000,
    payload: { id: 'pm2:abc', status: 'INITIATION_COMPLETED' },
  });

  it('builds the body as the interface lists it', () => {
    expect(body).toBe(
      '{"id":"ev:KnownAnswer1","createdAtMs":1700000000000,"eventType":"PAYMENT_STATUS_CHANGED","payment":{"id":"pm2:abc","status":"INITIATION_COMPLETED"}}',
    );
  });

  it('gives these exact headers for a fixed key, body, id and timestamp', () => {
    expect(
      signWebhook({
        key,
        id: 'ev:KnownAnswer1',
        event: 'PAYMENT_STATUS_CHANGED',
        body,
        timestampSeconds: 1_700_000_000,
      }),
    ).toEqual({
      'token-event': 'PAYMENT_STATUS_CHANGED',
      'token-signature': 'YOUM9DlkPMUrwIHpaXQLlcFs0WpZzJp7DLgNsSZQHLHyjqrN0gqbvmuElHb6dEdFVsPl4nLz0RA8GnQFFG8oDA',
      'token-signature-kid': 'kid-known-answer',
      'webhook-id': 'ev:KnownAnswer1',
      'webhook-timestamp': '1700000000',
      'webhook-signature':
        'v1a,bgV5JHhy2Xmn0P8Virj57P84Ko/a1Goeh+oM+85W2KO0ReLGkVB0H1e1X8vOnaabwQSxSvJsaUrvyLGH8I/+BA==',
    });
  });

  it('adds a v1 signature first for a symmetric key (the value docs/webhooks.md shows)', () => {
    const headers = signWebhook({
      key,
      id: 'ev:KnownAnswer1',
      event: 'PAYMENT_STATUS_CHANGED',
      body,
      timestampSeconds: 1_700_000_000,
      symmetricKeys: [Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64')],
    });
    expect(headers['webhook-signature']).toBe(
      'v1,HlHFLDOqJ3Qpye0X2x3wZvcSnd8WhfBsjMK6DG0D4hw= v1a,bgV5JHhy2Xmn0P8Virj57P84Ko/a1Goeh+oM+85W2KO0ReLGkVB0H1e1X8vOnaabwQSxSvJsaUrvyLGH8I/+BA==',
    );
  });

  it('token-signature is the same on every attempt; webhook-signature follows the timestamp', () => {
    const first = signWebhook({ key, id: 'ev:1', event: 'X', body, timestampSeconds: 1000 });
    const later = signWebhook({ key, id: 'ev:1', event: 'X', body, timestampSeconds: 5000 });
    expect(later['token-signature']).toBe(first['token-signature']);
    expect(later['webhook-signature']).not.toBe(first['webhook-signature']);
    const publicKey = createPublicKey(key.privateKey);
    const signature = Buffer.from(later['webhook-signature']?.slice(4) ?? '', 'base64');
    expect(verify(null, standardSignedContent('ev:1', 5000, body), publicKey, signature)).toBe(true);
  });

  it('signs the UTF-8 bytes of non-ASCII bodies', () => {
    const text = '{"id":"ev:ü","createdAtMs":1,"webhookTest":{"memberId":"m:1","message":"Zahlung über 10 €"}}';
    const signature = Buffer.from(tokenSignature(key, text), 'base64url');
    expect(verify(null, Buffer.from(text, 'utf8'), createPublicKey(key.privateKey), signature)).toBe(true);
  });

  it('rejects a timestamp that is not an integer of seconds', () => {
    expect(() => signWebhook({ key, id: 'ev:1', event: 'X', body, timestampSeconds: 1.5 })).toThrow(/integer/);
  });
});

describe('signing keys', () => {
  it('a generated key is Ed25519, its kid is the RFC 7638 thumbprint, and its PEM signs', () => {
    const material = generateSigningKey();
    expect(material.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(material.kid).toBe(ed25519Thumbprint(material.publicJwk.x));
    expect(material.publicJwk.kid).toBe(material.kid);
    const key = signingKeyFromPem(material.kid, material.privateKeyPem);
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: material.publicJwk.x }, format: 'jwk' });
    expect(verify(null, Buffer.from('x'), publicKey, Buffer.from(tokenSignature(key, 'x'), 'base64url'))).toBe(true);
  });

  it('RFC 7638 thumbprint of the RFC 8037 example key', () => {
    // RFC 8037 appendix A.3: the thumbprint of the key of A.2.
    expect(ed25519Thumbprint('11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo')).toBe(
      'kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k',
    );
  });
});
