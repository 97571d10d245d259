const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The order n of the P-256 group: an ES256 signature (r, s) has the twin (r, n - s). */
const P256_ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

/**
 * Every base64url spelling of the bytes `signature` encodes, canonical first: the last character
 * carries (6 x length - 8 x bytes) bits that decoders ignore, so each of their values spells the
 * same bytes (16 spellings of 64 or 256 bytes, 4 of 512, 1 of 384).
 */
export function signatureSpellings(signature: string): string[] {
  const bytes = Buffer.from(signature, 'base64url');
  const canonical = bytes.toString('base64url');
  const unusedBits = (canonical.length * 6) % 8;
  const last = BASE64URL.indexOf(canonical.at(-1) ?? '');
  const spellings = [canonical];
  for (let bits = 1; bits < 1 << unusedBits; bits += 1)
    spellings.push(`${canonical.slice(0, -1)}${BASE64URL[last | bits] ?? ''}`);
  return spellings;
}

/** The other valid ES256 signature of the same message and key: (r, n - s), base64url. */
export function es256Twin(signature: string): string {
  const bytes = Buffer.from(signature, 'base64url');
  if (bytes.length !== 64) throw new Error('an ES256 signature is 64 bytes');
  const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
  const twin = Buffer.from((P256_ORDER - s).toString(16).padStart(64, '0'), 'hex');
  return Buffer.concat([bytes.subarray(0, 32), twin]).toString('base64url');
}

/** The token with another signature segment. */
export function withSignature(token: string, signature: string): string {
  return `${token.slice(0, token.lastIndexOf('.'))}.${signature}`;
}
