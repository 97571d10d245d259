import type { Clock } from '#libs/common';
import type { NewSigningKey, WebhookSigningKey as StoredKey, WebhookSigningKeyRepository } from '#libs/db';
import type { SigningKeyCipher } from './signing-key-encryption.js';
import { generateSigningKey, signingKeyFromPem, type Ed25519PublicJwk, type WebhookSigningKey } from './signing-key.js';

/** How long a process keeps using the key it loaded before looking for a rotation. */
export const SIGNING_KEY_CACHE_MS = 10_000;

function publicJwkOf(stored: StoredKey): Ed25519PublicJwk {
  const jwk = stored.publicJwk as Partial<Ed25519PublicJwk> | null;
  if (jwk === null || typeof jwk !== 'object' || typeof jwk.x !== 'string')
    throw new Error(`signing key ${stored.kid} has no public JWK`);
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: stored.kid, alg: 'EdDSA', use: 'sig' };
}

/** What `sealStored` did: keys sealed again under the current key-encryption key, and keys it could not open. */
export interface SealReport {
  readonly resealed: readonly string[];
  readonly unreadable: ReadonlyArray<{ readonly kid: string; readonly error: string }>;
}

/**
 * The gateway's webhook signing keys: the one that signs now (created on first use), the JWKS
 * receivers verify with (the key in use and keys retired within the grace period), and rotation.
 * After a rotation, other processes move to the new key within SIGNING_KEY_CACHE_MS; the old
 * key stays published, so what they signed meanwhile still verifies. Private keys are stored
 * sealed by `cipher` (envelope encryption under the configured key-encryption key).
 */
export class SigningKeyStore {
  private cached: { key: WebhookSigningKey; loadedAt: number } | undefined;

  constructor(
    private readonly stored: WebhookSigningKeyRepository,
    private readonly clock: Clock,
    private readonly graceMs: number,
    private readonly cipher: SigningKeyCipher,
  ) {}

  /** Whether private keys are sealed (a key-encryption key is configured). */
  get encrypts(): boolean {
    return this.cipher.encrypts;
  }

  async current(): Promise<WebhookSigningKey> {
    const now = this.clock.nowMs();
    if (this.cached !== undefined && now - this.cached.loadedAt < SIGNING_KEY_CACHE_MS && now >= this.cached.loadedAt)
      return this.cached.key;
    const stored = await this.stored.activeOrCreate(() => this.newKey(), this.clock.now());
    const key =
      this.cached?.key.kid === stored.kid
        ? this.cached.key
        : signingKeyFromPem(stored.kid, await this.cipher.open(stored.kid, stored.privateKey));
    this.cached = { key, loadedAt: now };
    return key;
  }

  /** The JWKS to publish; makes the first key when there is none yet, so the set is never empty. */
  async jwks(): Promise<{ keys: Ed25519PublicJwk[] }> {
    let keys = await this.stored.published(this.clock.now(), this.graceMs);
    if (!keys.some((key) => key.retiredAt === null)) {
      await this.stored.activeOrCreate(() => this.newKey(), this.clock.now());
      keys = await this.stored.published(this.clock.now(), this.graceMs);
    }
    return { keys: keys.map(publicJwkOf) };
  }

  /**
   * Makes a new key the one that signs; the previous ones stay published for the grace period.
   * Keys stored before encryption (or under an earlier key-encryption key) are sealed anew.
   */
  async rotate(): Promise<{ kid: string; retired: string[] }> {
    const fresh = await this.newKey();
    const retired = await this.stored.rotate(fresh, this.clock.now());
    this.cached = undefined;
    await this.sealStored();
    return { kid: fresh.kid, retired };
  }

  /**
   * Seals under the current key-encryption key every stored key that is plain PEM (written
   * before encryption) or in the earlier single-key scheme, and re-wraps the data keys of those
   * wrapped under a previous key-encryption key. Nothing to do without a key-encryption key. A
   * key that cannot be opened is reported, not changed.
   */
  async sealStored(): Promise<SealReport> {
    if (!this.cipher.encrypts) return { resealed: [], unreadable: [] };
    const resealed: string[] = [];
    const unreadable: Array<{ kid: string; error: string }> = [];
    for (const row of await this.stored.all()) {
      if (!this.cipher.needsReseal(row.privateKey)) continue;
      let sealed: string;
      try {
        signingKeyFromPem(row.kid, await this.cipher.open(row.kid, row.privateKey));
        sealed = await this.cipher.reseal(row.kid, row.privateKey);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        unreadable.push({ kid: row.kid, error: error.message });
        continue;
      }
      if (await this.stored.replacePrivateKey(row.kid, row.privateKey, sealed)) resealed.push(row.kid);
    }
    return { resealed, unreadable };
  }

  private async newKey(): Promise<NewSigningKey> {
    const material = generateSigningKey();
    return {
      kid: material.kid,
      publicJwk: { ...material.publicJwk },
      privateKey: await this.cipher.seal(material.kid, material.privateKeyPem),
    };
  }
}
