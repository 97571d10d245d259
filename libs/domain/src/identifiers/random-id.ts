import { randomBytes } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `length` characters of base58 from a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase58(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 232 && out.length < length) out += BASE58[byte % 58];
    }
  }
  return out;
}

/** Ids in the interface's style: a type prefix, a colon, random base58 (e.g. `m:3xT...`). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}:${randomBase58(length)}`;
}
