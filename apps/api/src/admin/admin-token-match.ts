import { createHash, timingSafeEqual } from 'node:crypto';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares a presented admin token with the one in force, in constant time (fixed-length digests). */
export class AdminTokenMatch {
  private readonly expected: Buffer;

  constructor(token: string) {
    this.expected = digest(token);
  }

  matches(candidate: string): boolean {
    return timingSafeEqual(digest(candidate), this.expected);
  }
}
