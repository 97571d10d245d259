import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashApiKey, newApiKey } from './api-key.js';

describe('newApiKey', () => {
  it('is base64url of 32 bytes: 43 characters, at least 256 bits', () => {
    const key = newApiKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bytes = Buffer.from(key, 'base64url');
    expect(bytes).toHaveLength(32);
    expect(bytes.length * 8).toBeGreaterThanOrEqual(256);
    expect(bytes.toString('base64url')).toBe(key);
  });

  it('has no padding or characters outside base64url', () => {
    for (let i = 0; i < 500; i += 1) expect(newApiKey()).not.toMatch(/[+/=]/);
  });

  it('does not repeat', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) keys.add(newApiKey());
    expect(keys.size).toBe(10_000);
  });

  it('is not degenerate: many distinct byte values across keys', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 64; i += 1) for (const byte of Buffer.from(newApiKey(), 'base64url')) seen.add(byte);
    expect(seen.size).toBeGreaterThan(200);
  });
});

describe('hashApiKey', () => {
  it('is the lowercase hex sha256 of the key', () => {
    const key = newApiKey();
    const hash = hashApiKey(key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHash('sha256').update(key, 'utf8').digest('hex'));
  });

  it('matches the published sha256 test vector', () => {
    expect(hashApiKey('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is deterministic and tells keys apart', () => {
    const key = newApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(hashApiKey(key)).not.toBe(hashApiKey(newApiKey()));
    expect(hashApiKey(key)).not.toContain(key);
  });
});
