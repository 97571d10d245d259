import { describe, expect, it } from 'vitest';
import type { Prisma } from './sandbox-db.js';
import { ACCESS_TOKEN_FRESH_MS, AccessTokenCache } from './access-token-cache.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function grant(id: string, expiresAtMs: number): Prisma.SbGrantModel {
  return {
    id,
    bankId: 'ob-sandbox-gb',
    kind: 'access-token',
    clientId: 'gateway-sandbox',
    scope: 'payments',
    consentId: null,
    username: null,
    redirectUri: null,
    state: null,
    nonce: null,
    status: 'active',
    approveAt: null,
    expiresAt: new Date(expiresAtMs),
    createdAt: new Date(NOW),
  };
}

describe('AccessTokenCache', () => {
  it('answers a known token at its bank only', () => {
    const cache = new AccessTokenCache();
    cache.put(grant('a', NOW + 3_600_000), NOW);
    expect(cache.get('a', 'ob-sandbox-gb', NOW + 1)).toMatchObject({ id: 'a', clientId: 'gateway-sandbox' });
    expect(cache.get('a', 'another-bank', NOW + 1)).toBeUndefined();
    expect(cache.get('unknown', 'ob-sandbox-gb', NOW + 1)).toBeUndefined();
  });

  it('never answers a token once it has expired, however recently it was read', () => {
    const cache = new AccessTokenCache();
    cache.put(grant('a', NOW + 5_000), NOW);
    expect(cache.get('a', 'ob-sandbox-gb', NOW + 4_999)).toBeDefined();
    expect(cache.get('a', 'ob-sandbox-gb', NOW + 5_000)).toBeUndefined();
    cache.put(grant('b', NOW - 1), NOW);
    expect(cache.get('b', 'ob-sandbox-gb', NOW)).toBeUndefined();
  });

  it('forgets a long-lived token after ACCESS_TOKEN_FRESH_MS, so Postgres is asked again', () => {
    const cache = new AccessTokenCache();
    cache.put(grant('a', NOW + 86_400_000), NOW);
    expect(cache.get('a', 'ob-sandbox-gb', NOW + ACCESS_TOKEN_FRESH_MS - 1)).toBeDefined();
    expect(cache.get('a', 'ob-sandbox-gb', NOW + ACCESS_TOKEN_FRESH_MS)).toBeUndefined();
  });

  it('forgets a grant when asked (a status change)', () => {
    const cache = new AccessTokenCache();
    cache.put(grant('a', NOW + 3_600_000), NOW);
    cache.delete('a');
    expect(cache.get('a', 'ob-sandbox-gb', NOW)).toBeUndefined();
  });

  it('hands out a copy that cannot be changed', () => {
    const cache = new AccessTokenCache();
    cache.put(grant('a', NOW + 3_600_000), NOW);
    const known = cache.get('a', 'ob-sandbox-gb', NOW);
    expect(Object.isFrozen(known)).toBe(true);
  });
});
