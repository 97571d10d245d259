/**
 * Verified credentials by key (an API key's hash, or a member public key's member and key id),
 * kept for a short time so a request does not read Postgres to learn who is calling. An entry
 * remembers the credentials generation it was read under; the rate-limit call of each request
 * checks that generation, so a revocation anywhere is seen by every replica on its next request.
 * Only verified credentials are kept: a miss or a failure is never cached.
 */
export class CredentialCache<T extends { readonly generation: number }> {
  private readonly entries = new Map<string, { readonly value: T; readonly expiresAtMs: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(key: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAtMs > nowMs) return entry.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `value` for the cache's lifetime, never past `notAfterMs` (e.g. the key's own expiry). */
  set(key: string, value: T, nowMs: number, notAfterMs = Number.POSITIVE_INFINITY): void {
    if (!this.enabled) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, expiresAtMs: Math.min(nowMs + this.ttlMs, notAfterMs) });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
