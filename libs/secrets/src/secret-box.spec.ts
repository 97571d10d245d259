import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LocalKms, keyEncryptionKeyId } from './local-kms.js';
import { SecretBox, type SealContext } from './secret-box.js';
import { SecretOpenError, type SecretOpenFailure } from './secret-open-error.js';

const kek = randomBytes(32);
const box = new SecretBox(new LocalKms(kek));
const row: SealContext = { purpose: 'refund_registration.details', recordId: 'rr:1' };
const secret = 'account 12345678, sort code 01-02-03';

/** The reason opening fails with (failing the test when it opens). */
async function failure(open: () => Promise<unknown>): Promise<SecretOpenFailure> {
  try {
    await open();
  } catch (error) {
    expect(error).toBeInstanceOf(SecretOpenError);
    return (error as SecretOpenError).reason;
  }
  throw new Error('open accepted it');
}

/** Part `index` of `enc:v2:<kekId>:<wrapped>:<iv>:<tag>:<ciphertext>` (0: kekId ... 4: ciphertext). */
function part(sealed: string, index: number): string {
  return sealed.slice('enc:v2:'.length).split(':')[index] ?? '';
}

function withPart(sealed: string, index: number, change: (part: string) => string): string {
  const parts = sealed.slice('enc:v2:'.length).split(':');
  parts[index] = change(parts[index] ?? '');
  return `enc:v2:${parts.join(':')}`;
}

/** Flips one bit of a base64url part. */
const flipBit =
  (at = 0) =>
  (value: string): string => {
    const bytes = Buffer.from(value, 'base64url');
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    return bytes.toString('base64url');
  };

describe('SecretBox (envelope encryption)', () => {
  it('round-trips text and bytes; the stored form names the KEK and holds no plaintext', async () => {
    const sealed = await box.seal(row, secret);
    expect(sealed).toMatch(
      /^enc:v2:[0-9a-f]{16}:[A-Za-z0-9_-]{80}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/,
    );
    expect(part(sealed, 0)).toBe(keyEncryptionKeyId(kek));
    expect(sealed).not.toContain('12345678');
    expect(Buffer.from(part(sealed, 4), 'base64url').toString('latin1')).not.toContain('12345678');
    expect(await box.openText(row, sealed)).toBe(secret);
    const bytes = randomBytes(100);
    expect(await box.open(row, await box.seal(row, bytes))).toEqual(bytes);
    expect(await box.openText(row, await box.seal(row, ''))).toBe('');
  });

  it('uses a fresh data key and IV for every value', async () => {
    const sealed = await Promise.all(Array.from({ length: 20 }, () => box.seal(row, secret)));
    for (const index of [1, 2, 4]) expect(new Set(sealed.map((value) => part(value, index))).size).toBe(20);
  });

  it.each([
    ['the IV', 2],
    ['the tag', 3],
    ['the ciphertext', 4],
    ['the wrapped data key (its IV)', 1],
  ])('refuses a value whose %s was altered', async (_what, index) => {
    const sealed = await box.seal(row, secret);
    expect(await failure(() => box.open(row, withPart(sealed, index, flipBit())))).toBe('tampered');
  });

  it('refuses a wrapped data key altered in its body or its tag', async () => {
    const sealed = await box.seal(row, secret);
    expect(await failure(() => box.open(row, withPart(sealed, 1, flipBit(20))))).toBe('tampered');
    expect(await failure(() => box.open(row, withPart(sealed, 1, flipBit(59))))).toBe('tampered');
  });

  it('refuses a value swapped into another record or another purpose (associated data)', async () => {
    const sealed = await box.seal(row, secret);
    expect(await failure(() => box.open({ ...row, recordId: 'rr:2' }, sealed))).toBe('tampered');
    expect(await failure(() => box.open({ ...row, purpose: 'bank_grant.token' }, sealed))).toBe('tampered');
    // A data key and ciphertext taken from another record's value do not open here either.
    const other = await box.seal({ ...row, recordId: 'rr:2' }, 'another secret');
    const spliced = withPart(sealed, 4, () => part(other, 4));
    expect(
      await failure(() =>
        box.open(
          row,
          withPart(spliced, 1, () => part(other, 1)),
        ),
      ),
    ).toBe('tampered');
  });

  it('refuses the wrong key-encryption key, and one that only forges the id of the right one', async () => {
    const sealed = await box.seal(row, secret);
    const stranger = new SecretBox(new LocalKms(randomBytes(32), [], { current: 'KEK', previous: 'KEK_PREVIOUS' }));
    expect(await failure(() => stranger.open(row, sealed))).toBe('unknown-key-encryption-key');
    await expect(stranger.open(row, sealed)).rejects.toThrow(/neither KEK \([0-9a-f]{16}\) nor in KEK_PREVIOUS/);
    const forged = await stranger.seal(row, secret);
    expect(
      await failure(() =>
        box.open(
          row,
          withPart(forged, 0, () => keyEncryptionKeyId(kek)),
        ),
      ),
    ).toBe('tampered');
  });

  it('refuses malformed values', async () => {
    const sealed = await box.seal(row, secret);
    expect(await failure(() => box.open(row, `${sealed}:extra`))).toBe('malformed');
    expect(
      await failure(() =>
        box.open(
          row,
          withPart(sealed, 2, (value) => value.slice(0, 8)),
        ),
      ),
    ).toBe('malformed');
    expect(
      await failure(() =>
        box.open(
          row,
          withPart(sealed, 1, (value) => value.slice(0, 40)),
        ),
      ),
    ).toBe('malformed');
    expect(await failure(() => box.open(row, 'enc:v1:abc:def'))).toBe('malformed');
    expect(await failure(() => box.open(row, 'garbage'))).toBe('malformed');
  });

  it('rotation re-wraps the data key only; the previous KEK opens old values until they are resealed', async () => {
    const old = await box.seal(row, secret);
    const next = randomBytes(32);
    const rotating = new SecretBox(new LocalKms(next, [kek]));
    expect(rotating.currentKekId).toBe(keyEncryptionKeyId(next));
    expect(await rotating.openText(row, old)).toBe(secret);
    expect(rotating.needsReseal(old)).toBe(true);

    const resealed = await rotating.reseal(row, old);
    expect(part(resealed, 0)).toBe(keyEncryptionKeyId(next));
    expect(part(resealed, 1)).not.toBe(part(old, 1));
    for (const index of [2, 3, 4]) expect(part(resealed, index)).toBe(part(old, index));
    expect(rotating.needsReseal(resealed)).toBe(false);
    expect(await rotating.reseal(row, resealed)).toBe(resealed);

    const rotated = new SecretBox(new LocalKms(next));
    expect(await rotated.openText(row, resealed)).toBe(secret);
    expect(await failure(() => rotated.open(row, old))).toBe('unknown-key-encryption-key');
    expect(await failure(() => box.open(row, resealed))).toBe('unknown-key-encryption-key');
  });

  it('does not carry a value over a rotation when it does not authenticate for its record', async () => {
    const old = await box.seal(row, secret);
    const rotating = new SecretBox(new LocalKms(randomBytes(32), [kek]));
    expect(await failure(() => rotating.reseal({ ...row, recordId: 'rr:9' }, old))).toBe('tampered');
  });

  it('without a key-encryption key keeps values plain (sandbox), and a later KEK seals them', async () => {
    const none = new SecretBox(undefined, { current: 'KEK', previous: 'KEK_PREVIOUS' });
    expect(none.encrypts).toBe(false);
    const plain = await none.seal(row, secret);
    expect(plain.startsWith('plain:')).toBe(true);
    expect(await none.openText(row, plain)).toBe(secret);
    expect(none.needsReseal(plain)).toBe(false);
    expect(box.needsReseal(plain)).toBe(true);
    const sealed = await box.reseal(row, plain);
    expect(sealed.startsWith(`enc:v2:${keyEncryptionKeyId(kek)}:`)).toBe(true);
    expect(await box.openText(row, sealed)).toBe(secret);
    expect(await failure(() => none.open(row, sealed))).toBe('no-key-encryption-key');
    await expect(none.open(row, sealed)).rejects.toThrow(/KEK is not set/);
  });

  it('refuses contexts that could be confused with one another', async () => {
    await expect(box.seal({ purpose: '', recordId: 'x' }, secret)).rejects.toThrow(/purpose/);
    await expect(box.seal({ purpose: 'a\0b', recordId: 'x' }, secret)).rejects.toThrow(/NUL/);
  });
});

describe('LocalKms', () => {
  it('accepts only 32-byte keys and names keys by a stable id', () => {
    expect(() => new LocalKms(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => new LocalKms(kek, [randomBytes(31)])).toThrow(/32 bytes/);
    expect(keyEncryptionKeyId(Buffer.from(kek))).toBe(keyEncryptionKeyId(kek));
    expect(keyEncryptionKeyId(randomBytes(32))).not.toBe(keyEncryptionKeyId(kek));
  });

  it('wraps under the current key and unwraps under previous ones', async () => {
    const dataKey = randomBytes(32);
    const oldKms = new LocalKms(kek);
    const wrapped = await oldKms.wrapKey(dataKey);
    expect(wrapped.wrapped).toHaveLength(60);
    expect(wrapped.wrapped.includes(dataKey)).toBe(false);
    const rotating = new LocalKms(randomBytes(32), [kek]);
    expect(await rotating.unwrapKey(wrapped)).toEqual(dataKey);
    expect((await rotating.wrapKey(dataKey)).kekId).toBe(rotating.currentKekId);
  });
});
