import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A public Ed25519 key as published in the JWKS. */
export interface Ed25519PublicJwk {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly x: string;
  readonly kid: string;
  readonly alg: 'EdDSA';
  readonly use: 'sig';
}

/** A new signing key; its private part is sealed (SigningKeyCipher) before it is stored. */
export interface SigningKeyMaterial {
  readonly kid: string;
  readonly publicJwk: Ed25519PublicJwk;
  /** PKCS#8 PEM. */
  readonly privateKeyPem: string;
}

/** The gateway's key in use: its id and the private key that signs. */
export interface WebhookSigningKey {
  readonly kid: string;
  readonly privateKey: KeyObject;
}

/** RFC 7638 thumbprint of an Ed25519 public key (base64url SHA-256 of its canonical JWK). */
export function ed25519Thumbprint(x: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');
}

/** The public JWK of an Ed25519 key; the key id is its thumbprint unless given. */
export function ed25519PublicJwk(key: KeyObject, kid?: string): Ed25519PublicJwk {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ed25519') throw new Error('expected an Ed25519 key');
  const { x } = publicKey.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('Ed25519 key without x');
  return { kty: 'OKP', crv: 'Ed25519', x, kid: kid ?? ed25519Thumbprint(x), alg: 'EdDSA', use: 'sig' };
}

/** A fresh Ed25519 key pair for signing webhooks. */
export function generateSigningKey(): SigningKeyMaterial {
  const { privateKey } = generateKeyPairSync('ed25519');
  const publicJwk = ed25519PublicJwk(privateKey);
  return {
    kid: publicJwk.kid,
    publicJwk,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** The stored PEM as a key that signs. */
export function signingKeyFromPem(kid: string, privateKeyPem: string): WebhookSigningKey {
  const privateKey = createPrivateKey(privateKeyPem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`signing key ${kid} is not Ed25519`);
  return { kid, privateKey };
}
