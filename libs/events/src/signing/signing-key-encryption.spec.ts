import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LocalKms, SecretBox, keyEncryptionKeyId } from '#libs/secrets';
import {
  SigningKeyCipher,
  SigningKeyDecryptionError,
  isPlainPem,
  type SigningKeyOpenFailure,
} from './signing-key-encryption.js';
import { generateSigningKey, signingKeyFromPem } from './signing-key.js';
import { tokenSignature } from './webhook-signer.js';

const NAMES = { current: 'WEBHOOK_KEY_ENCRYPTION_KEY', previous: 'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS' };
const kek = randomBytes(32);
const material = generateSigningKey();

/** A cipher as a process builds it from its configured keys. */
function cipherOf(current: Buffer | undefined, previous: readonly Buffer[] = []): SigningKeyCipher {
  const box = new SecretBox(current === undefined ? undefined : new LocalKms(current, previous, NAMES), NAMES);
  return new SigningKeyCipher(box, [...(current === undefined ? [] : [current]), ...previous]);
}
const cipher = cipherOf(kek);

/** The reason `open` fails with (failing the test when it does not). */
async function failure(open: () => Promise<unknown>): Promise<SigningKeyOpenFailure> {
  try {
    await open();
  } catch (error) {
    expect(error).toBeInstanceOf(SigningKeyDecryptionError);
    return (error as SigningKeyDecryptionError).reason;
  }
  throw new Error('open accepted it');
}

/** Replaces part `index` (0: kekId, 1: wrapped data key, 2: iv, 3: tag, 4: ciphertext) of a sealed key. */
function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.slice('enc:v2:'.length).split(':');
  parts[index] = change(parts[index] ?? '');
  return `enc:v2:${parts.join(':')}`;
}

/** Flips one bit of a base64url part. */
const flipBit = (part: string): string => {
  const bytes = Buffer.from(part, 'base64url');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
};

/** A key as the earlier scheme v1 stored it: AES-256-GCM directly under the key-encryption key. */
function sealedV1(key: Buffer, kid: string, pem: string): string {
  const id = createHash('sha256')
    .update('webhook-signing-key-kek\0')
    .update(key)
    .digest()
    .subarray(0, 8)
    .toString('hex');
  const iv = randomBytes(12);
  const gcm = createCipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
  gcm.setAAD(Buffer.from(`enc:v1:${id}:${kid}`, 'utf8'));
  const ciphertext = Buffer.concat([gcm.update(pem, 'utf8'), gcm.final()]);
  return `enc:v1:${id}:${iv.toString('base64url')}:${gcm.getAuthTag().toString('base64url')}:${ciphertext.toString('base64url')}`;
}

describe('SigningKeyCipher', () => {
  it('seals to enc:v2:<kekId>:... without the PEM, and opens to the same PEM, which still signs', async () => {
    const sealed = await cipher.seal(material.kid, material.privateKeyPem);
    expect(sealed.startsWith(`enc:v2:${keyEncryptionKeyId(kek)}:`)).toBe(true);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed).not.toContain(material.privateKeyPem.split('\n')[1]);
    const opened = await cipher.open(material.kid, sealed);
    expect(opened).toBe(material.privateKeyPem);
    expect(tokenSignature(signingKeyFromPem(material.kid, opened), 'x')).toBe(
      tokenSignature(signingKeyFromPem(material.kid, material.privateKeyPem), 'x'),
    );
  });

  it('uses a fresh data key and IV for every seal', async () => {
    const sealed = await Promise.all(
      Array.from({ length: 20 }, () => cipher.seal(material.kid, material.privateKeyPem)),
    );
    expect(new Set(sealed).size).toBe(20);
    expect(new Set(sealed.map((value) => value.split(':')[3])).size).toBe(20);
    expect(new Set(sealed.map((value) => value.split(':')[4])).size).toBe(20);
  });

  it.each([
    ['the ciphertext', 4],
    ['the tag', 3],
    ['the IV', 2],
    ['the wrapped data key', 1],
  ])('refuses a sealed key whose %s was altered', async (_what, index) => {
    const sealed = await cipher.seal(material.kid, material.privateKeyPem);
    expect(await failure(() => cipher.open(material.kid, withPart(sealed, index, flipBit)))).toBe('tampered');
  });

  it('refuses a sealed key moved to another key id (the kid is authenticated)', async () => {
    const sealed = await cipher.seal(material.kid, material.privateKeyPem);
    expect(await failure(() => cipher.open('another-kid', sealed))).toBe('tampered');
  });

  it('refuses a truncated ciphertext and malformed values', async () => {
    const sealed = await cipher.seal(material.kid, material.privateKeyPem);
    const truncated = withPart(sealed, 4, (part) => part.slice(0, -4));
    expect(await failure(() => cipher.open(material.kid, truncated))).toBe('tampered');
    const shortIv = withPart(sealed, 2, (part) => part.slice(0, 8));
    expect(await failure(() => cipher.open(material.kid, shortIv))).toBe('malformed');
    expect(await failure(() => cipher.open(material.kid, `${sealed}:extra`))).toBe('malformed');
    expect(await failure(() => cipher.open(material.kid, 'enc:v9:whatever'))).toBe('malformed');
    expect(await failure(() => cipher.open(material.kid, 'garbage'))).toBe('malformed');
  });

  it('names the key-encryption key it lacks, and the variable to set', async () => {
    const sealed = await cipher.seal(material.kid, material.privateKeyPem);
    const other = cipherOf(randomBytes(32));
    expect(await failure(() => other.open(material.kid, sealed))).toBe('unknown-key-encryption-key');
    await expect(other.open(material.kid, sealed)).rejects.toThrow(/WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS/);
    const none = cipherOf(undefined);
    expect(await failure(() => none.open(material.kid, sealed))).toBe('no-key-encryption-key');
    await expect(none.open(material.kid, sealed)).rejects.toThrow(/WEBHOOK_KEY_ENCRYPTION_KEY is not set/);
  });

  it('a key-encryption key with the same id but other bytes does not open it', async () => {
    // Forge the id of `kek` in front of a data key wrapped by another key: the wrap's tag check catches it.
    const forged = await cipherOf(randomBytes(32)).seal(material.kid, material.privateKeyPem);
    const relabelled = withPart(forged, 0, () => keyEncryptionKeyId(kek));
    expect(await failure(() => cipher.open(material.kid, relabelled))).toBe('tampered');
  });

  it('opens plain PEM (rows written before encryption) and asks for them to be sealed', async () => {
    expect(isPlainPem(material.privateKeyPem)).toBe(true);
    expect(await cipher.open(material.kid, material.privateKeyPem)).toBe(material.privateKeyPem);
    expect(cipher.needsReseal(material.privateKeyPem)).toBe(true);
    const sealed = await cipher.reseal(material.kid, material.privateKeyPem);
    expect(sealed.startsWith('enc:v2:')).toBe(true);
    expect(cipher.needsReseal(sealed)).toBe(false);
  });

  it('opens keys sealed by the earlier single-key scheme (enc:v1) and moves them to envelope encryption', async () => {
    const old = sealedV1(kek, material.kid, material.privateKeyPem);
    expect(await cipher.open(material.kid, old)).toBe(material.privateKeyPem);
    expect(cipher.needsReseal(old)).toBe(true);
    const resealed = await cipher.reseal(material.kid, old);
    expect(resealed.startsWith(`enc:v2:${keyEncryptionKeyId(kek)}:`)).toBe(true);
    expect(await cipher.open(material.kid, resealed)).toBe(material.privateKeyPem);
    expect(await failure(() => cipher.open('another-kid', old))).toBe('tampered');
    expect(await failure(() => cipherOf(randomBytes(32)).open(material.kid, old))).toBe('unknown-key-encryption-key');
    expect(await failure(() => cipherOf(undefined).open(material.kid, old))).toBe('no-key-encryption-key');
  });

  it('rotates: the new key-encryption key re-wraps, previous ones still open what they sealed', async () => {
    const sealedByOld = await cipher.seal(material.kid, material.privateKeyPem);
    const next = randomBytes(32);
    const rotated = cipherOf(next, [kek]);
    expect(rotated.currentKeyId).toBe(keyEncryptionKeyId(next));
    expect(await rotated.open(material.kid, sealedByOld)).toBe(material.privateKeyPem);
    expect(rotated.needsReseal(sealedByOld)).toBe(true);
    const resealed = await rotated.reseal(material.kid, sealedByOld);
    expect(resealed.startsWith(`enc:v2:${keyEncryptionKeyId(next)}:`)).toBe(true);
    // Only the wrapped data key changed: IV, tag and ciphertext are the same.
    expect(resealed.split(':').slice(4)).toEqual(sealedByOld.split(':').slice(4));
    expect(await cipherOf(next).open(material.kid, resealed)).toBe(material.privateKeyPem);
    await expect(cipher.open(material.kid, resealed)).rejects.toThrow(SigningKeyDecryptionError);
  });

  it('without a key-encryption key keeps PEM as it is (sandbox only) and never asks to reseal', async () => {
    const none = cipherOf(undefined);
    expect(none.encrypts).toBe(false);
    expect(await none.seal(material.kid, material.privateKeyPem)).toBe(material.privateKeyPem);
    expect(none.needsReseal(material.privateKeyPem)).toBe(false);
  });
});
