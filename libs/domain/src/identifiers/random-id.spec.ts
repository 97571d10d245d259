import { describe, expect, it } from 'vitest';
import { newId, randomBase58, randomHex } from './random-id.js';

/** Bitcoin's base58: digits and letters without 0, O, I and l. */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_RUN = /^[1-9A-HJ-NP-Za-km-z]+$/;

describe('randomBase58', () => {
  it.each([1, 2, 16, 24, 57, 58, 59, 200])('returns exactly %i characters', (length) => {
    expect(randomBase58(length)).toHaveLength(length);
  });

  it('returns an empty string for length 0', () => {
    expect(randomBase58(0)).toBe('');
  });

  it('uses only the base58 alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const value = randomBase58(64);
      expect(value).toMatch(BASE58_RUN);
      expect(value).not.toMatch(/[0OIl]/);
    }
  });

  it('uses every character of the alphabet, roughly evenly', () => {
    const counts = new Map<string, number>();
    const sample = randomBase58(58 * 400);
    for (const char of sample) counts.set(char, (counts.get(char) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...BASE58].sort().join(''));
    // expected 400 each; a modulo bias or a stuck generator would fall far outside this band
    for (const [char, count] of counts) {
      expect(count, char).toBeGreaterThan(250);
      expect(count, char).toBeLessThan(550);
    }
  });
});

describe('newId', () => {
  it('is the prefix, a colon and 24 base58 characters by default', () => {
    const id = newId('pi');
    expect(id).toMatch(/^pi:[1-9A-HJ-NP-Za-km-z]{24}$/);
  });

  it('honours the length', () => {
    expect(newId('m', 10)).toMatch(/^m:[1-9A-HJ-NP-Za-km-z]{10}$/);
    expect(newId('webhook', 40)).toHaveLength('webhook:'.length + 40);
  });

  it('does not repeat in 10,000 ids', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) ids.add(newId('pi'));
    expect(ids.size).toBe(10_000);
  });

  it('does not repeat even short bodies too often (they are random, not sequential)', () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) bodies.add(newId('x', 8).slice(2));
    expect(bodies.size).toBe(10_000);
  });
});

describe('randomHex', () => {
  it('gives two hex digits a byte, never the same value twice across refills of the pool', () => {
    const values = Array.from({ length: 2000 }, () => randomHex(16));
    for (const value of values) expect(value).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(values).size).toBe(values.length);
  });

  it('refuses more bytes than its pool holds', () => {
    expect(() => randomHex(4097)).toThrow(RangeError);
  });
});
