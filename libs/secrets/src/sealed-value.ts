import { SecretOpenError } from './secret-open-error.js';

/** Marks a value sealed with envelope encryption, scheme v2 (v1 was a single key, without a data key). */
export const SEALED_PREFIX = 'enc:v2:';
/** Marks a value kept unsealed because no key-encryption key is configured (sandbox only). */
export const PLAIN_PREFIX = 'plain:';

export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** The parts of `enc:v2:<kekId>:<wrapped data key>:<iv>:<tag>:<ciphertext>` (binary parts base64url). */
export interface SealedParts {
  readonly kekId: string;
  readonly wrapped: Buffer;
  readonly iv: Buffer;
  readonly tag: Buffer;
  readonly ciphertext: Buffer;
}

export function formatSealed(parts: SealedParts): string {
  return [
    SEALED_PREFIX + parts.kekId,
    parts.wrapped.toString('base64url'),
    parts.iv.toString('base64url'),
    parts.tag.toString('base64url'),
    parts.ciphertext.toString('base64url'),
  ].join(':');
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function parseSealed(stored: string): SealedParts {
  if (!stored.startsWith(SEALED_PREFIX))
    throw new SecretOpenError('malformed', 'the stored value is not a sealed secret this version reads');
  const parts = stored.slice(SEALED_PREFIX.length).split(':');
  const [kekId, wrapped, iv, tag, ciphertext] = parts;
  if (
    parts.length !== 5 ||
    kekId === undefined ||
    wrapped === undefined ||
    iv === undefined ||
    tag === undefined ||
    ciphertext === undefined ||
    !/^[0-9a-f]{1,64}$/.test(kekId) ||
    ![wrapped, iv, tag, ciphertext].every((part) => BASE64URL.test(part))
  )
    throw new SecretOpenError('malformed', 'the sealed secret does not have its five parts');
  const parsed = {
    kekId,
    wrapped: Buffer.from(wrapped, 'base64url'),
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  if (parsed.iv.length !== IV_BYTES || parsed.tag.length !== TAG_BYTES)
    throw new SecretOpenError('malformed', 'the sealed secret has a bad IV or tag length');
  return parsed;
}

/** The id of the key-encryption key a sealed value names, or undefined for anything else. */
export function sealedKekId(stored: string): string | undefined {
  if (!stored.startsWith(SEALED_PREFIX)) return undefined;
  const end = stored.indexOf(':', SEALED_PREFIX.length);
  return end < 0 ? undefined : stored.slice(SEALED_PREFIX.length, end);
}
