import { randomFillSync } from 'node:crypto';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** CSPRNG bytes drawn 4 KiB at a time; each byte is handed out once. */
const pool = Buffer.alloc(4096);
let next = pool.length;

function randomByte(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const byte = pool[next] ?? 0;
  next += 1;
  return byte;
}

/** `length` characters of base58 from a CSPRNG (rejection sampling, no modulo bias). */
export function randomBase58(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 232) out += BASE58[byte % 58];
  }
  return out;
}

/** Ids in the interface's style: a type prefix, a colon, random base58 (e.g. `m:3xT...`). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}:${randomBase58(length)}`;
}
