import { describe, expect, it } from 'vitest';
import { CredentialCache } from './credential-cache.js';

const entry = (generation: number) => ({ generation });

describe('CredentialCache', () => {
  it('answers an entry until its lifetime ends, then forgets it', () => {
    const cache = new CredentialCache<{ generation: number }>(1000);
    cache.set('a', entry(1), 10_000);
    expect(cache.get('a', 10_999)).toEqual(entry(1));
    expect(cache.get('a', 11_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps an entry past the credential’s own expiry', () => {
    const cache = new CredentialCache<{ generation: number }>(60_000);
    cache.set('k', entry(1), 0, 500);
    expect(cache.get('k', 499)).toEqual(entry(1));
    expect(cache.get('k', 500)).toBeUndefined();
  });

  it('keeps nothing when its lifetime is 0 (the cache is off)', () => {
    const cache = new CredentialCache<{ generation: number }>(0);
    cache.set('a', entry(1), 0);
    expect(cache.enabled).toBe(false);
    expect(cache.get('a', 0)).toBeUndefined();
  });

  it('drops the oldest entry when full, and delete forgets one entry', () => {
    const cache = new CredentialCache<{ generation: number }>(60_000, 2);
    cache.set('a', entry(1), 0);
    cache.set('b', entry(2), 0);
    cache.set('c', entry(3), 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toEqual(entry(2));
    cache.delete('b');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toEqual(entry(3));
  });
});
