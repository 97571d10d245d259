import { createDecipheriv, createHash } from 'node:crypto';
import type { AppConfig } from '#libs/common';
import { KEYRING_VARIABLES, SecretOpenError, type SecretBox, type SecretOpenFailure } from '#libs/secrets';

/** What a signing private key is sealed for: the row's kid is the record id. */
const PURPOSE = 'webhook_signing_key.private_key';
const PEM_START = '-----BEGIN ';

/** Scheme v1 of earlier versions: AES-256-GCM directly under the key-encryption key, `enc:v1:<kekId>:<iv>:<tag>:<ciphertext>`. */
const LEGACY_V1 = 'enc:v1:';
const LEGACY_IV_BYTES = 12;
const LEGACY_TAG_BYTES = 16;

/** Why a stored signing key could not be opened. */
export type SigningKeyOpenFailure = SecretOpenFailure;

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

/** The id scheme v1 wrote for a key-encryption key (first 8 bytes of a labelled SHA-256, hex). */
function legacyKeyId(key: Uint8Array): string {
  return createHash('sha256').update('webhook-signing-key-kek\0').update(key).digest().subarray(0, 8).toString('hex');
}

/**
 * Seals and opens the gateway's webhook signing private keys (PKCS#8 PEM) for storage with the
 * SecretBox (envelope encryption, the kid bound as associated data). It still reads what earlier
 * versions stored: plain PEM, and scheme v1 (sealed directly under a key-encryption key given in
 * `legacyKeys`); `needsReseal` asks for both to be sealed anew, and for keys whose data key is
 * wrapped under a key-encryption key that is no longer current. Without a key-encryption key
 * (sandbox only; production configuration requires one) new keys are kept as plain PEM.
 */
export class SigningKeyCipher {
  private readonly legacy = new Map<string, Buffer>();

  constructor(
    private readonly box: SecretBox,
    legacyKeys: readonly Uint8Array[] = [],
  ) {
    for (const key of legacyKeys) this.legacy.set(legacyKeyId(key), Buffer.from(key));
  }

  /** Whether new keys are sealed (a key-encryption key is configured). */
  get encrypts(): boolean {
    return this.box.encrypts;
  }

  /** Id of the current key-encryption key, when there is one. */
  get currentKeyId(): string | undefined {
    return this.box.currentKekId;
  }

  /** The stored form of a PKCS#8 PEM private key whose key id is `kid`. */
  async seal(kid: string, privateKeyPem: string): Promise<string> {
    return this.box.encrypts ? this.box.seal({ purpose: PURPOSE, recordId: kid }, privateKeyPem) : privateKeyPem;
  }

  /** The PKCS#8 PEM of a stored private key, whichever form it was stored in. */
  async open(kid: string, stored: string): Promise<string> {
    if (isPlainPem(stored)) return stored;
    if (stored.startsWith(LEGACY_V1)) return this.openLegacy(kid, stored);
    try {
      return await this.box.openText({ purpose: PURPOSE, recordId: kid }, stored);
    } catch (error) {
      if (error instanceof SecretOpenError) throw new SigningKeyDecryptionError(kid, error.reason, error.message);
      throw error;
    }
  }

  /** Whether a stored key should be sealed again: plain, in scheme v1, or wrapped under a key-encryption key that is no longer current. */
  needsReseal(stored: string): boolean {
    if (!this.box.encrypts) return false;
    return isPlainPem(stored) || stored.startsWith(LEGACY_V1) || this.box.needsReseal(stored);
  }

  /**
   * The stored key sealed under the current key-encryption key: older forms are opened and
   * sealed; a key in the current form has its data key re-wrapped (its ciphertext stays).
   */
  async reseal(kid: string, stored: string): Promise<string> {
    if (!this.needsReseal(stored)) return stored;
    if (isPlainPem(stored) || stored.startsWith(LEGACY_V1)) return this.seal(kid, await this.open(kid, stored));
    try {
      return await this.box.reseal({ purpose: PURPOSE, recordId: kid }, stored);
    } catch (error) {
      if (error instanceof SecretOpenError) throw new SigningKeyDecryptionError(kid, error.reason, error.message);
      throw error;
    }
  }

  private openLegacy(kid: string, stored: string): string {
    const parts = stored.slice(LEGACY_V1.length).split(':');
    const [kekId, ivText, tagText, ciphertextText] = parts;
    if (
      parts.length !== 4 ||
      kekId === undefined ||
      ivText === undefined ||
      tagText === undefined ||
      ciphertextText === undefined
    )
      throw new SigningKeyDecryptionError(kid, 'malformed', 'sealed private key does not have four parts');
    const key = this.legacy.get(kekId);
    if (key === undefined)
      throw this.box.encrypts
        ? new SigningKeyDecryptionError(
            kid,
            'unknown-key-encryption-key',
            `it is sealed (scheme v1) under key-encryption key ${kekId}, which is neither ${KEYRING_VARIABLES.current} nor in ${KEYRING_VARIABLES.previous}`,
          )
        : new SigningKeyDecryptionError(
            kid,
            'no-key-encryption-key',
            `it is sealed (scheme v1) under key-encryption key ${kekId}, but ${KEYRING_VARIABLES.current} is not set`,
          );
    const iv = Buffer.from(ivText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (iv.length !== LEGACY_IV_BYTES || tag.length !== LEGACY_TAG_BYTES)
      throw new SigningKeyDecryptionError(kid, 'malformed', 'sealed private key has a bad IV or tag length');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: LEGACY_TAG_BYTES });
      decipher.setAAD(Buffer.from(`${LEGACY_V1}${kekId}:${kid}`, 'utf8'));
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
}

export function isPlainPem(stored: string): boolean {
  return stored.trimStart().startsWith(PEM_START);
}

/** The cipher of a process: its SecretBox, and its configured key-encryption keys to read the earlier scheme. */
export function signingKeyCipher(box: SecretBox, config: Pick<AppConfig, 'webhooks'>): SigningKeyCipher {
  const { current, previous } = config.webhooks.keyEncryption;
  return new SigningKeyCipher(box, [...(current === undefined ? [] : [current]), ...previous]);
}
