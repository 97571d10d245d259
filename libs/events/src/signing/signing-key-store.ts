import type { Clock } from '#libs/common';
import { webhookSigningKeys, type PrismaService, type WebhookSigningKey as StoredKey } from '#libs/db';
import { generateSigningKey, signingKeyFromPem, type Ed25519PublicJwk, type WebhookSigningKey } from './signing-key.js';

/** How long a process keeps using the key it loaded before looking for a rotation. */
export const SIGNING_KEY_CACHE_MS = 10_000;

function toNewKey(): { kid: string; publicJwk: { [key: string]: string }; privateKeyPem: string } {
  const material = generateSigningKey();
  return { kid: material.kid, publicJwk: { ...material.publicJwk }, privateKeyPem: material.privateKeyPem };
}

function publicJwkOf(stored: StoredKey): Ed25519PublicJwk {
  const jwk = stored.publicJwk as Partial<Ed25519PublicJwk> | null;
  if (jwk === null || typeof jwk !== 'object' || typeof jwk.x !== 'string') throw new Error(`signing key ${stored.kid} has no public JWK`);
  return { kty: 'OKP', crv: 'Ed25519', x: jwk.x, kid: stored.kid, alg: 'EdDSA', use: 'sig' };
}

/**
 * The gateway's webhook signing keys: the one that signs now (created on first use), the JWKS
 * receivers verify with (the key in use and keys retired within the grace period), and rotation.
 * After a rotation, other processes move to the new key within SIGNING_KEY_CACHE_MS; the old
 * key stays published, so what they signed meanwhile still verifies.
 */
export class SigningKeyStore {
  private cached: { key: WebhookSigningKey; loadedAt: number } | undefined;

  constructor(
    private readonly prisma: PrismaService,
    private readonly clock: Clock,
    private readonly graceMs: number,
  ) {}

  async current(): Promise<WebhookSigningKey> {
    const now = this.clock.nowMs();
    if (this.cached !== undefined && now - this.cached.loadedAt < SIGNING_KEY_CACHE_MS && now >= this.cached.loadedAt) return this.cached.key;
    const stored = await webhookSigningKeys.activeOrCreate(this.prisma, toNewKey, this.clock.now());
    const key = this.cached?.key.kid === stored.kid ? this.cached.key : signingKeyFromPem(stored.kid, stored.privateKey);
    this.cached = { key, loadedAt: now };
    return key;
  }

  /** The JWKS to publish; makes the first key when there is none yet, so the set is never empty. */
  async jwks(): Promise<{ keys: Ed25519PublicJwk[] }> {
    let keys = await webhookSigningKeys.published(this.prisma, this.clock.now(), this.graceMs);
    if (!keys.some((key) => key.retiredAt === null)) {
      await webhookSigningKeys.activeOrCreate(this.prisma, toNewKey, this.clock.now());
      keys = await webhookSigningKeys.published(this.prisma, this.clock.now(), this.graceMs);
    }
    return { keys: keys.map(publicJwkOf) };
  }

  /** Makes a new key the one that signs; the previous ones stay published for the grace period. */
  async rotate(): Promise<{ kid: string; retired: string[] }> {
    const fresh = toNewKey();
    const retired = await webhookSigningKeys.rotate(this.prisma, fresh, this.clock.now());
    this.cached = undefined;
    return { kid: fresh.kid, retired };
  }
}
