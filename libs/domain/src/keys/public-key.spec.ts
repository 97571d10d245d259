import { createPublicKey, generateKeyPairSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InvalidPublicKeyError, normalisePublicKey, type KeyAlgorithmName } from './public-key.js';

interface Pair {
  readonly publicKey: KeyObject;
  readonly privateKey: KeyObject;
}

const ed25519: Pair = generateKeyPairSync('ed25519');
const p256: Pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const p384: Pair = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const rsa2048: Pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsa1024: Pair = generateKeyPairSync('rsa', { modulusLength: 1024 });

function pem(key: KeyObject): string {
  return key.export({ format: 'pem', type: 'spki' }).toString();
}

function spkiDer(key: KeyObject): Buffer {
  return key.export({ format: 'der', type: 'spki' });
}

function jwk(key: KeyObject): { x?: string; y?: string } {
  return key.export({ format: 'jwk' });
}

/** Raw Ed25519 public key: the 32 bytes of the JWK `x`, base64url. */
function rawEd25519(key: KeyObject): string {
  return jwk(key).x ?? '';
}

/** Uncompressed P-256 point: 0x04 || x || y. */
function rawP256Point(key: KeyObject): Buffer {
  const { x = '', y = '' } = jwk(key);
  return Buffer.concat([Buffer.from([0x04]), Buffer.from(x, 'base64url'), Buffer.from(y, 'base64url')]);
}

/** The normalised key is SPKI PEM that node:crypto reads back as the very key that was submitted. */
function expectSameKey(normalised: string, original: Pair, signAlg: string | null): void {
  expect(normalised.startsWith('-----BEGIN PUBLIC KEY-----\n')).toBe(true);
  expect(normalised.trimEnd().endsWith('-----END PUBLIC KEY-----')).toBe(true);
  const readBack = createPublicKey({ key: normalised, format: 'pem' });
  expect(readBack.type).toBe('public');
  expect(readBack.asymmetricKeyType).toBe(original.publicKey.asymmetricKeyType);
  expect(spkiDer(readBack).equals(spkiDer(original.publicKey))).toBe(true);
  const message = randomBytes(64);
  const signature = sign(signAlg, message, original.privateKey);
  expect(verify(signAlg, message, readBack, signature)).toBe(true);
  expect(verify(signAlg, Buffer.concat([message, Buffer.from([1])]), readBack, signature)).toBe(false);
}

function rejection(algorithm: KeyAlgorithmName, text: string): InvalidPublicKeyError {
  try {
    normalisePublicKey(algorithm, text);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPublicKeyError);
    return error as InvalidPublicKeyError;
  }
  throw new Error(`expected ${algorithm} key to be rejected: ${text.slice(0, 60)}`);
}

describe('normalisePublicKey', () => {
  describe('ED25519', () => {
    it('reads the raw 32-byte key in base64url', () => {
      const raw = rawEd25519(ed25519.publicKey);
      expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
      expectSameKey(normalisePublicKey('ED25519', raw), ed25519, null);
    });

    it('reads the raw key with base64 padding and surrounding whitespace', () => {
      const raw = Buffer.from(rawEd25519(ed25519.publicKey), 'base64url')
        .toString('base64')
        .replaceAll('+', '-')
        .replaceAll('/', '_');
      expect(raw.endsWith('=')).toBe(true);
      expectSameKey(normalisePublicKey('ED25519', `  ${raw}\n`), ed25519, null);
    });

    it('reads a PEM public key', () => {
      expectSameKey(normalisePublicKey('ED25519', pem(ed25519.publicKey)), ed25519, null);
    });

    it('reads SPKI DER in base64url', () => {
      expectSameKey(normalisePublicKey('ED25519', spkiDer(ed25519.publicKey).toString('base64url')), ed25519, null);
    });
  });

  describe('ECDSA_SHA256', () => {
    it('reads the raw uncompressed 65-byte P-256 point in base64url', () => {
      const point = rawP256Point(p256.publicKey);
      expect(point).toHaveLength(65);
      expectSameKey(normalisePublicKey('ECDSA_SHA256', point.toString('base64url')), p256, 'sha256');
    });

    it('reads a PEM public key', () => {
      expectSameKey(normalisePublicKey('ECDSA_SHA256', pem(p256.publicKey)), p256, 'sha256');
    });

    it('rejects a 65-byte point that is not on the curve', () => {
      const point = rawP256Point(p256.publicKey);
      point[64] = (point[64] ?? 0) ^ 0x01;
      rejection('ECDSA_SHA256', point.toString('base64url'));
    });

    it('rejects a compressed-point prefix on 65 bytes', () => {
      const point = rawP256Point(p256.publicKey);
      point[0] = 0x03;
      rejection('ECDSA_SHA256', point.toString('base64url'));
    });

    it('rejects an EC key on another curve', () => {
      expect(rejection('ECDSA_SHA256', pem(p384.publicKey)).message).toMatch(/P-256/);
    });
  });

  describe('RS256', () => {
    it('reads a 2048-bit PEM public key', () => {
      expectSameKey(normalisePublicKey('RS256', pem(rsa2048.publicKey)), rsa2048, 'sha256');
    });

    it('rejects a 1024-bit key', () => {
      expect(rejection('RS256', pem(rsa1024.publicKey)).message).toMatch(/2048/);
    });
  });

  describe('a key of another algorithm than the one named', () => {
    it.each([
      ['ECDSA_SHA256', 'an Ed25519 PEM', () => pem(ed25519.publicKey)],
      ['RS256', 'an Ed25519 PEM', () => pem(ed25519.publicKey)],
      ['ED25519', 'a P-256 PEM', () => pem(p256.publicKey)],
      ['RS256', 'a P-256 PEM', () => pem(p256.publicKey)],
      ['ED25519', 'an RSA PEM', () => pem(rsa2048.publicKey)],
      ['ECDSA_SHA256', 'an RSA PEM', () => pem(rsa2048.publicKey)],
      ['ECDSA_SHA256', 'a raw Ed25519 key', () => rawEd25519(ed25519.publicKey)],
      ['RS256', 'a raw Ed25519 key', () => rawEd25519(ed25519.publicKey)],
      ['ED25519', 'a raw P-256 point', () => rawP256Point(p256.publicKey).toString('base64url')],
      ['ED25519', 'P-256 SPKI DER', () => spkiDer(p256.publicKey).toString('base64url')],
    ] as const)('%s rejects %s', (algorithm, _what, text) => {
      rejection(algorithm, text());
    });
  });

  describe('garbage', () => {
    it.each([
      ['an empty string', ''],
      ['whitespace', '   \n'],
      ['text that is not base64url', 'this is not a key, honestly!'],
      ['standard base64 with + and /', `${'ab+/'.repeat(11)}`],
      ['random bytes of the raw-key length plus one', randomBytes(33).toString('base64url')],
      ['random bytes', randomBytes(91).toString('base64url')],
      ['a PEM header around garbage', '-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----'],
      ['a private key', ed25519.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()],
    ])('rejects %s', (_what, text) => {
      for (const algorithm of ['ED25519', 'ECDSA_SHA256', 'RS256'] as const) rejection(algorithm, text);
    });

    it('answers InvalidPublicKeyError, not a node:crypto error, with a message naming publicKey', () => {
      expect(rejection('ED25519', randomBytes(48).toString('base64url')).message).toMatch(/publicKey/);
    });
  });
});
