import { createHash, randomBytes } from 'node:crypto';

/** A sandbox API key: 32 random bytes (256 bits), base64url, shown once. */
export function newApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Keys are stored only as this digest. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
