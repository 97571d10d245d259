import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Length of a key-encryption key (AES-256). */
export const KEY_ENCRYPTION_KEY_BYTES = 32;

/** Marks a stored private key sealed with scheme v1: AES-256-GCM, 96-bit random IV, 128-bit tag. */
const SEALED_V1 = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PEM_START = '-----BEGIN ';

/** Why a stored signing key could not be opened. */
export type SigningKeyOpenFailure = 'no-key-encryption-key' | 'unknown-key-encryption-key' | 'malformed' | 'tampered';

export class SigningKeyDecryptionError extends Error {
  constructor(
    readonly kid: string,
    readonly reason: SigningKeyOpenFailure,
    message: string,
  ) {
    super(`webhook signing key ${kid}: ${message}`);
    this.name = 'SigningKeyDecryptionError';
  }
}

/**
 * Id of a key-encryption key as written into what it seals: the first 8 bytes of a SHA-256 over
 * the key, hex. It names the key (so a rotation knows which rows to re-seal) without revealing it.
 */
export function keyEncryptionKeyId(key: Uint8Array): string {
  return createHash('sha256').update('webhook-signing-key-kek\0').update(key).digest().subarray(0, 8).toString('hex');
}

/** The signing key's id and the scheme header are authenticated with the ciphertext: a sealed key cannot be moved to another row. */
function additionalData(kekId: string, kid: string): Buffer {
  return Buffer.from(`${SEALED_V1}${kekId}:${kid}`, 'utf8');
}

/**
 * Seals and opens the gateway's webhook signing private keys for storage, under a key-encryption
 * key (KEK) from configuration. The stored form is `enc:v1:<kekId>:<iv>:<tag>:<ciphertext>`
 * (base64url parts): AES-256-GCM with a fresh random IV per seal, authenticating the kid.
 * `previous` KEKs still open what they sealed, so a KEK can be rotated: set the new one as
 * current, keep the old one as previous until every row is re-sealed (`needsReseal`).
 * Without a current KEK (sandbox only; production configuration requires one) keys are kept
 * as plain PKCS#8 PEM, which is also what rows written before encryption hold.
 */
export class SigningKeyCipher {
  private readonly current: { readonly id: string; readonly key: Buffer } | undefined;
  private readonly keys = new Map<string, Buffer>();

  constructor(current: Uint8Array | undefined, previous: readonly Uint8Array[] = []) {
    for (const key of [...(current === undefined ? [] : [current]), ...previous]) {
      if (key.length !== KEY_ENCRYPTION_KEY_BYTES)
        throw new Error(`a key-encryption key must be ${KEY_ENCRYPTION_KEY_BYTES} bytes (got ${key.length})`);
      const id = keyEncryptionKeyId(key);
      if (!this.keys.has(id)) this.keys.set(id, Buffer.from(key));
    }
    if (current !== undefined) {
      const id = keyEncryptionKeyId(current);
      this.current = { id, key: Buffer.from(current) };
    }
  }

  /** Whether new keys are sealed (a current KEK is configured). */
  get encrypts(): boolean {
    return this.current !== undefined;
  }

  /** Id of the current KEK, when there is one. */
  get currentKeyId(): string | undefined {
    return this.current?.id;
  }

  /** The stored form of a PKCS#8 PEM private key whose key id is `kid`. */
  seal(kid: string, privateKeyPem: string): string {
    if (this.current === undefined) return privateKeyPem;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(this.current.id, kid));
    const ciphertext = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${SEALED_V1}${this.current.id}:${iv.toString('base64url')}:${tag.toString('base64url')}:${ciphertext.toString('base64url')}`;
  }

  /** The PKCS#8 PEM of a stored private key (sealed, or plain PEM as written before encryption). */
  open(kid: string, stored: string): string {
    if (isPlainPem(stored)) return stored;
    if (!stored.startsWith(SEALED_V1))
      throw new SigningKeyDecryptionError(
        kid,
        'malformed',
        'stored private key is neither PEM nor a sealed key this version reads',
      );
    const parts = stored.slice(SEALED_V1.length).split(':');
    const [kekId, ivText, tagText, ciphertextText] = parts;
    if (
      parts.length !== 4 ||
      kekId === undefined ||
      ivText === undefined ||
      tagText === undefined ||
      ciphertextText === undefined
    ) {
      throw new SigningKeyDecryptionError(kid, 'malformed', 'sealed private key does not have four parts');
    }
    const key = this.keys.get(kekId);
    if (key === undefined) {
      throw this.current === undefined
        ? new SigningKeyDecryptionError(
            kid,
            'no-key-encryption-key',
            `it is sealed under key-encryption key ${kekId}, but WEBHOOK_KEY_ENCRYPTION_KEY is not set`,
          )
        : new SigningKeyDecryptionError(
            kid,
            'unknown-key-encryption-key',
            `it is sealed under key-encryption key ${kekId}, which is neither WEBHOOK_KEY_ENCRYPTION_KEY (${this.current.id}) nor in WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS`,
          );
    }
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES)
      throw new SigningKeyDecryptionError(kid, 'malformed', 'sealed private key has a bad IV or tag length');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(kekId, kid));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SigningKeyDecryptionError(
        kid,
        'tampered',
        `sealed private key does not authenticate under key-encryption key ${kekId} (altered, or moved from another key)`,
      );
    }
  }

  /** Whether a stored key should be sealed again: it is plain, or sealed under a KEK that is no longer current. */
  needsReseal(stored: string): boolean {
    return this.current !== undefined && !stored.startsWith(`${SEALED_V1}${this.current.id}:`);
  }
}

export function isPlainPem(stored: string): boolean {
  return stored.trimStart().startsWith(PEM_START);
}
