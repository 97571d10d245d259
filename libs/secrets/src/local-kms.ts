import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { KeyEncryptionService, WrappedKey } from './key-encryption-service.js';
import { SecretOpenError } from './secret-open-error.js';

/** Length of a key-encryption key and of a data key (AES-256). */
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Id of a key-encryption key as written beside what it wraps: the first 8 bytes of a SHA-256 over
 * the key, hex. It names the key (so a rotation knows which records to re-wrap) without revealing it.
 */
export function keyEncryptionKeyId(key: Uint8Array): string {
  return createHash('sha256').update('secrets-kek\0').update(key).digest().subarray(0, 8).toString('hex');
}

/** Names of the settings that hold the keyring, for messages that tell an operator what to set. */
export interface KeyringNames {
  readonly current: string;
  readonly previous: string;
}

const DEFAULT_NAMES: KeyringNames = { current: 'the current key', previous: 'the previous keys' };

/** The wrap of one data key is bound to the id of the KEK that made it. */
function wrapAad(kekId: string): Buffer {
  return Buffer.from(`secrets-wrap:v1\0${kekId}`, 'utf8');
}

/**
 * Key-encryption keys held by the process, from configuration: `current` wraps new data keys,
 * `previous` ones still unwrap what they wrapped until every record is re-wrapped under the
 * current one. A wrap is AES-256-GCM under the KEK: IV (12 bytes) | ciphertext (32) | tag (16).
 */
export class LocalKms implements KeyEncryptionService {
  readonly currentKekId: string;
  private readonly keys = new Map<string, Buffer>();

  constructor(
    current: Uint8Array,
    previous: readonly Uint8Array[] = [],
    private readonly names: KeyringNames = DEFAULT_NAMES,
  ) {
    for (const key of [current, ...previous]) {
      if (key.length !== KEY_BYTES)
        throw new Error(`a key-encryption key must be ${KEY_BYTES} bytes (got ${key.length})`);
      const id = keyEncryptionKeyId(key);
      if (!this.keys.has(id)) this.keys.set(id, Buffer.from(key));
    }
    this.currentKekId = keyEncryptionKeyId(current);
  }

  wrapKey(dataKey: Uint8Array): Promise<WrappedKey> {
    const kek = this.keys.get(this.currentKekId);
    if (kek === undefined) throw new Error('unreachable: the current key-encryption key is in the keyring');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(wrapAad(this.currentKekId));
    const wrapped = Buffer.concat([iv, cipher.update(dataKey), cipher.final(), cipher.getAuthTag()]);
    return Promise.resolve({ kekId: this.currentKekId, wrapped });
  }

  unwrapKey({ kekId, wrapped }: WrappedKey): Promise<Buffer> {
    const kek = this.keys.get(kekId);
    if (kek === undefined)
      return Promise.reject(
        new SecretOpenError(
          'unknown-key-encryption-key',
          `it is sealed under key-encryption key ${kekId}, which is neither ${this.names.current} (${this.currentKekId}) nor in ${this.names.previous}`,
        ),
      );
    if (wrapped.length !== IV_BYTES + KEY_BYTES + TAG_BYTES)
      return Promise.reject(new SecretOpenError('malformed', 'the wrapped data key has a bad length'));
    try {
      const decipher = createDecipheriv('aes-256-gcm', kek, wrapped.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(wrapAad(kekId));
      decipher.setAuthTag(wrapped.subarray(IV_BYTES + KEY_BYTES));
      return Promise.resolve(
        Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, IV_BYTES + KEY_BYTES)), decipher.final()]),
      );
    } catch {
      return Promise.reject(
        new SecretOpenError(
          'tampered',
          `the wrapped data key does not authenticate under key-encryption key ${kekId} (altered, or wrapped by another key)`,
        ),
      );
    }
  }
}
