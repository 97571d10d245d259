import { createPublicKey, type KeyObject } from 'node:crypto';

/** Key algorithms the interface names for member keys, and the JWS `alg` each may sign with. */
export const KEY_ALGORITHMS = ['ED25519', 'ECDSA_SHA256', 'RS256'] as const;
export type KeyAlgorithmName = (typeof KEY_ALGORITHMS)[number];

export const JWS_ALGS_FOR_KEY: Readonly<Record<KeyAlgorithmName, readonly string[]>> = {
  ED25519: ['EdDSA'],
  ECDSA_SHA256: ['ES256'],
  RS256: ['RS256', 'PS256'],
};

export const MIN_RSA_BITS = 2048;

export class InvalidPublicKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPublicKeyError';
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function fromBase64url(text: string, algorithm: KeyAlgorithmName): KeyObject {
  const bytes = Buffer.from(text.replace(/=+$/, ''), 'base64url');
  if (algorithm === 'ED25519' && bytes.length === 32) {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: bytes.toString('base64url') }, format: 'jwk' });
  }
  if (algorithm === 'ECDSA_SHA256' && bytes.length === 65 && bytes[0] === 0x04) {
    return createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: bytes.subarray(1, 33).toString('base64url'),
        y: bytes.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
  }
  return createPublicKey({ key: bytes, format: 'der', type: 'spki' });
}

function checkType(key: KeyObject, algorithm: KeyAlgorithmName): void {
  const type = key.asymmetricKeyType;
  switch (algorithm) {
    case 'ED25519':
      if (type !== 'ed25519') throw new InvalidPublicKeyError('publicKey is not an Ed25519 key');
      return;
    case 'ECDSA_SHA256':
      if (type !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
        throw new InvalidPublicKeyError('publicKey is not an ECDSA P-256 key');
      }
      return;
    case 'RS256':
      if (type !== 'rsa' && type !== 'rsa-pss') throw new InvalidPublicKeyError('publicKey is not an RSA key');
      if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < MIN_RSA_BITS) {
        throw new InvalidPublicKeyError(`publicKey must be an RSA key of at least ${MIN_RSA_BITS} bits`);
      }
      return;
    default: {
      const unreachable: never = algorithm;
      throw new InvalidPublicKeyError(`unknown keyAlgorithm ${String(unreachable)}`);
    }
  }
}

/**
 * Reads a member's public key as the interface allows it (base64url, raw or SPKI DER; or PEM)
 * and returns it as SPKI PEM, checking that it is the kind of key `algorithm` says.
 */
export function normalisePublicKey(algorithm: KeyAlgorithmName, text: string): string {
  const trimmed = text.trim();
  let key: KeyObject;
  try {
    if (trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) {
      key = createPublicKey({ key: trimmed, format: 'pem' });
    } else if (BASE64URL.test(trimmed)) {
      key = fromBase64url(trimmed, algorithm);
    } else {
      throw new InvalidPublicKeyError('publicKey must be base64url or a PEM public key');
    }
  } catch (error) {
    if (error instanceof InvalidPublicKeyError) throw error;
    throw new InvalidPublicKeyError('publicKey could not be read as a public key');
  }
  checkType(key, algorithm);
  return key.export({ format: 'pem', type: 'spki' }).toString();
}
