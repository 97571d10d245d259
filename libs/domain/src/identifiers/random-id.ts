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

/**
 * `byteCount` CSPRNG bytes (at most 4096) as lower-case hex, from the same pool: trace ids and
 * resource ids draw here instead of one randomBytes call each.
 */
export function randomHex(byteCount: number): string {
  if (byteCount > pool.length) throw new RangeError(`randomHex gives at most ${pool.length} bytes`);
  if (next + byteCount > pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  next += byteCount;
  return pool.toString('hex', next - byteCount, next);
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
