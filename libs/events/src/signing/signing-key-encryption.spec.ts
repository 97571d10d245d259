import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  SigningKeyCipher,
  SigningKeyDecryptionError,
  isPlainPem,
  keyEncryptionKeyId,
  type SigningKeyOpenFailure,
} from './signing-key-encryption.js';
import { generateSigningKey, signingKeyFromPem } from './signing-key.js';
import { tokenSignature } from './webhook-signer.js';

const kek = randomBytes(32);
const material = generateSigningKey();
const cipher = new SigningKeyCipher(kek);

/** The reason `open` fails with (failing the test when it does not). */
function failure(open: () => unknown): SigningKeyOpenFailure {
  try {
    open();
  } catch (error) {
    expect(error).toBeInstanceOf(SigningKeyDecryptionError);
    return (error as SigningKeyDecryptionError).reason;
  }
  throw new Error('open accepted it');
}

/** Replaces part `index` (0: kekId, 1: iv, 2: tag, 3: ciphertext) of a sealed key. */
function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.slice('enc:v1:'.length).split(':');
  parts[index] = change(parts[index] ?? '');
  return `enc:v1:${parts.join(':')}`;
}

/** Flips one bit of a base64url part. */
const flipBit = (part: string): string => {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
};

describe('SigningKeyCipher', () => {
  it('seals to enc:v1:<kekId>:... without the PEM, and opens to the same PEM, which still signs', () => {
    const sealed = cipher.seal(material.kid, material.privateKeyPem);
    expect(sealed).toMatch(/^enc:v1:[0-9a-f]{16}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed.startsWith(`enc:v1:${keyEncryptionKeyId(kek)}:`)).toBe(true);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed).not.toContain(material.privateKeyPem.split('\n')[1]);
    const opened = cipher.open(material.kid, sealed);
    expect(opened).toBe(material.privateKeyPem);
    expect(tokenSignature(signingKeyFromPem(material.kid, opened), 'x')).toBe(
      tokenSignature(signingKeyFromPem(material.kid, material.privateKeyPem), 'x'),
    );
  });

  it('uses a fresh IV for every seal', () => {
    const sealed = Array.from({ length: 20 }, () => cipher.seal(material.kid, material.privateKeyPem));
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((value) => value.split(':')[3])).size).toBe(20);
  });

  it.each([
    ['the ciphertext', 3],
    ['the tag', 2],
    ['the IV', 1],
  ])('refuses a sealed key whose %s was altered', (_what, index) => {
    const sealed = cipher.seal(material.kid, material.privateKeyPem);
    expect(failure(() => cipher.open(material.kid, withPart(sealed, index, flipBit)))).toBe('tampered');
  });

  it('refuses a sealed key moved to another key id (the kid is authenticated)', () => {
    const sealed = cipher.seal(material.kid, material.privateKeyPem);
    expect(failure(() => cipher.open('another-kid', sealed))).toBe('tampered');
  });

  it('refuses a truncated ciphertext and malformed values', () => {
    const sealed = cipher.seal(material.kid, material.privateKeyPem);
    expect(
      failure(() =>
        cipher.open(
          material.kid,
          withPart(sealed, 3, (part) => part.slice(0, -4)),
        ),
      ),
    ).toBe('tampered');
    expect(
      failure(() =>
        cipher.open(
          material.kid,
          withPart(sealed, 1, (part) => part.slice(0, 8)),
        ),
      ),
    ).toBe('malformed');
    expect(failure(() => cipher.open(material.kid, `${sealed}:extra`))).toBe('malformed');
    expect(failure(() => cipher.open(material.kid, 'enc:v2:whatever'))).toBe('malformed');
    expect(failure(() => cipher.open(material.kid, 'garbage'))).toBe('malformed');
  });

  it('names the key-encryption key it lacks, and the variable to set', () => {
    const sealed = cipher.seal(material.kid, material.privateKeyPem);
    const other = new SigningKeyCipher(randomBytes(32));
    expect(failure(() => other.open(material.kid, sealed))).toBe('unknown-key-encryption-key');
    expect(() => other.open(material.kid, sealed)).toThrow(/WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS/);
    const none = new SigningKeyCipher(undefined);
    expect(failure(() => none.open(material.kid, sealed))).toBe('no-key-encryption-key');
    expect(() => none.open(material.kid, sealed)).toThrow(/WEBHOOK_KEY_ENCRYPTION_KEY is not set/);
  });

  it('a key-encryption key with the same id but other bytes does not open it', () => {
    // Forge the id of `kek` in front of a ciphertext made under another key: the tag check catches it.
    const forged = new SigningKeyCipher(randomBytes(32)).seal(material.kid, material.privateKeyPem);
    const relabelled = withPart(forged, 0, () => keyEncryptionKeyId(kek));
    expect(failure(() => cipher.open(material.kid, relabelled))).toBe('tampered');
  });

  it('opens plain PEM (rows written before encryption) and asks for them to be sealed', () => {
    expect(isPlainPem(material.privateKeyPem)).toBe(true);
    expect(cipher.open(material.kid, material.privateKeyPem)).toBe(material.privateKeyPem);
    expect(cipher.needsReseal(material.privateKeyPem)).toBe(true);
    expect(cipher.needsReseal(cipher.seal(material.kid, material.privateKeyPem))).toBe(false);
  });

  it('rotates: the new key-encryption key seals, previous ones still open what they sealed', () => {
    const sealedByOld = cipher.seal(material.kid, material.privateKeyPem);
    const next = randomBytes(32);
    const rotated = new SigningKeyCipher(next, [kek]);
    expect(rotated.currentKeyId).toBe(keyEncryptionKeyId(next));
    expect(rotated.open(material.kid, sealedByOld)).toBe(material.privateKeyPem);
    expect(rotated.needsReseal(sealedByOld)).toBe(true);
    const resealed = rotated.seal(material.kid, rotated.open(material.kid, sealedByOld));
    expect(resealed.startsWith(`enc:v1:${keyEncryptionKeyId(next)}:`)).toBe(true);
    expect(new SigningKeyCipher(next).open(material.kid, resealed)).toBe(material.privateKeyPem);
    expect(() => cipher.open(material.kid, resealed)).toThrow(SigningKeyDecryptionError);
  });

  it('without a key-encryption key keeps PEM as it is (sandbox only) and never asks to reseal', () => {
    const none = new SigningKeyCipher(undefined);
    expect(none.encrypts).toBe(false);
    expect(none.seal(material.kid, material.privateKeyPem)).toBe(material.privateKeyPem);
    expect(none.needsReseal(material.privateKeyPem)).toBe(false);
  });

  it('accepts only 32-byte keys', () => {
    expect(() => new SigningKeyCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new SigningKeyCipher(kek, [randomBytes(31)])).toThrow(/32 bytes/);
  });

  it('key ids are stable per key and differ between keys', () => {
    expect(keyEncryptionKeyId(Buffer.from(kek))).toBe(keyEncryptionKeyId(kek));
    expect(keyEncryptionKeyId(randomBytes(32))).not.toBe(keyEncryptionKeyId(kek));
  });
});
