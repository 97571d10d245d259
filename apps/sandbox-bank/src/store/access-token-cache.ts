import type { Prisma } from './sandbox-db.js';

type Grant = Prisma.SbGrantModel;

/** How long a process trusts an access token it has read: nothing changes one once issued, it only expires. */
export const ACCESS_TOKEN_FRESH_MS = 30_000;

/** Tokens remembered at most; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

/**
 * Access-token grants a process has issued or read, by id (the token's hash), so the bearer check
 * of the Open Banking API does not read Postgres on every call. An entry is answered only until
 * the grant expires (on the sandbox clock, which only moves forward) and at most
 * ACCESS_TOKEN_FRESH_MS after it was read. Unknown tokens are never remembered: a token another
 * process issued is found in Postgres.
 */
export class AccessTokenCache {
  private readonly entries = new Map<string, { readonly grant: Grant; readonly freshUntilMs: number }>();

  /** The unexpired access-token grant `id` at `bankId`, when this process knows it. */
  get(id: string, bankId: string, nowMs: number): Grant | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (nowMs >= entry.freshUntilMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.grant.bankId === bankId ? entry.grant : undefined;
  }

  put(grant: Grant, nowMs: number): void {
    const freshUntilMs = Math.min(nowMs + ACCESS_TOKEN_FRESH_MS, grant.expiresAt.getTime());
    if (freshUntilMs <= nowMs) return;
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(grant.id)) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(grant.id, { grant: Object.freeze({ ...grant }), freshUntilMs });
  }

  delete(grantId: string): void {
    this.entries.delete(grantId);
  }

  /** Forgets every token issued for a consent (its tokens were revoked). */
  forgetConsent(consentId: string): void {
    for (const [id, entry] of this.entries) if (entry.grant.consentId === consentId) this.entries.delete(id);
  }
}
