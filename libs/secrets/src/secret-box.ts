import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyEncryptionService } from './key-encryption-service.js';
import { KEY_BYTES, type KeyringNames } from './local-kms.js';
import { SecretOpenError } from './secret-open-error.js';
import {
  IV_BYTES,
  PLAIN_PREFIX,
  SEALED_PREFIX,
  TAG_BYTES,
  formatSealed,
  parseSealed,
  sealedKekId,
  type SealedParts,
} from './sealed-value.js';

/**
 * What a sealed value belongs to: the kind of record (e.g. `webhook_secret.secret`) and the
 * record's id. Both are authenticated with the ciphertext, so a sealed value copied to another
 * row, or to another kind of record, does not open.
 */
export interface SealContext {
  readonly purpose: string;
  readonly recordId: string;
}

function associatedData({ purpose, recordId }: SealContext): Buffer {
  if (purpose === '' || purpose.includes('\0') || recordId.includes('\0'))
    throw new Error('a seal purpose must be non-empty and neither purpose nor record id may contain NUL');
  return Buffer.from(`${SEALED_PREFIX}\0${purpose}\0${recordId}`, 'utf8');
}

/**
 * Seals secrets for storage with envelope encryption: every value gets its own random 256-bit
 * data key, the value is encrypted with AES-256-GCM under it (fresh 96-bit IV, 128-bit tag,
 * the record's SealContext as associated data), and the data key is wrapped by the key
 * management service's current key-encryption key. Stored form:
 * `enc:v2:<kekId>:<wrapped data key>:<iv>:<tag>:<ciphertext>`.
 *
 * Rotating the key-encryption key re-wraps the data keys (`reseal`) and leaves the ciphertexts
 * as they are. Without a key management service (a sandbox without a key-encryption key) values
 * are kept as `plain:<base64url>`, and sealed at the first `reseal` once one is configured.
 */
export class SecretBox {
  constructor(
    private readonly kms: KeyEncryptionService | undefined,
    private readonly names: KeyringNames = { current: 'a key-encryption key', previous: 'the previous keys' },
  ) {}

  /** Whether values are sealed (a key-encryption key is configured). */
  get encrypts(): boolean {
    return this.kms !== undefined;
  }

  /** Id of the key-encryption key that wraps new data keys, when there is one. */
  get currentKekId(): string | undefined {
    return this.kms?.currentKekId;
  }

  async seal(context: SealContext, plaintext: string | Uint8Array): Promise<string> {
    const data = typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : Buffer.from(plaintext);
    const aad = associatedData(context);
    if (this.kms === undefined) return PLAIN_PREFIX + data.toString('base64url');
    const dataKey = randomBytes(KEY_BYTES);
    try {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(data), cipher.final()]);
      const { kekId, wrapped } = await this.kms.wrapKey(dataKey);
      return formatSealed({ kekId, wrapped, iv, tag: cipher.getAuthTag(), ciphertext });
    } finally {
      dataKey.fill(0);
    }
  }

  /** The plaintext of a stored value sealed for `context` (or kept plain in a sandbox). */
  async open(context: SealContext, stored: string): Promise<Buffer> {
    const aad = associatedData(context);
    if (stored.startsWith(PLAIN_PREFIX)) return Buffer.from(stored.slice(PLAIN_PREFIX.length), 'base64url');
    const parts = parseSealed(stored);
    const dataKey = await this.unwrap(parts);
    try {
      return decrypt(dataKey, parts, aad);
    } finally {
      dataKey.fill(0);
    }
  }

  async openText(context: SealContext, stored: string): Promise<string> {
    return (await this.open(context, stored)).toString('utf8');
  }

  /** Whether `stored` is a value this box wrote (sealed or plain), as opposed to some older form. */
  isSecret(stored: string): boolean {
    return stored.startsWith(SEALED_PREFIX) || stored.startsWith(PLAIN_PREFIX);
  }

  /** Whether a stored value should be resealed: plain while a key-encryption key is configured, or wrapped under one that is no longer current. */
  needsReseal(stored: string): boolean {
    if (this.kms === undefined) return false;
    if (stored.startsWith(PLAIN_PREFIX)) return true;
    const kekId = sealedKekId(stored);
    return kekId !== undefined && kekId !== this.kms.currentKekId;
  }

  /**
   * The value sealed under the current key-encryption key: a plain value is sealed; a sealed one
   * has its data key re-wrapped, its IV, tag and ciphertext unchanged. The value is opened first,
   * so nothing that does not authenticate for `context` is carried over.
   */
  async reseal(context: SealContext, stored: string): Promise<string> {
    if (this.kms === undefined || !this.needsReseal(stored)) return stored;
    if (stored.startsWith(PLAIN_PREFIX)) return this.seal(context, await this.open(context, stored));
    const parts = parseSealed(stored);
    const dataKey = await this.unwrap(parts);
    try {
      decrypt(dataKey, parts, associatedData(context)).fill(0);
      const { kekId, wrapped } = await this.kms.wrapKey(dataKey);
      return formatSealed({ ...parts, kekId, wrapped });
    } finally {
      dataKey.fill(0);
    }
  }

  private async unwrap(parts: SealedParts): Promise<Buffer> {
    if (this.kms === undefined)
      throw new SecretOpenError(
        'no-key-encryption-key',
        `it is sealed under key-encryption key ${parts.kekId}, but ${this.names.current} is not set`,
      );
    const dataKey = await this.kms.unwrapKey({ kekId: parts.kekId, wrapped: parts.wrapped });
    if (dataKey.length !== KEY_BYTES) throw new SecretOpenError('tampered', 'the data key has a bad length');
    return dataKey;
  }
}

function decrypt(dataKey: Buffer, parts: SealedParts, aad: Buffer): Buffer {
  try {
    const decipher = createDecipheriv('aes-256-gcm', dataKey, parts.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    decipher.setAuthTag(parts.tag);
    return Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]);
  } catch {
    throw new SecretOpenError(
      'tampered',
      'the sealed secret does not authenticate (altered, or moved from another record)',
    );
  }
}
