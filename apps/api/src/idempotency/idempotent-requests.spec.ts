import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GatewayError } from '#libs/common';
import { parseIdempotencyKey, requestFingerprint } from './idempotent-requests.js';

const VISIBLE_ASCII = Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => String.fromCharCode(0x21 + i));

function rejection(value: string | string[]): GatewayError {
  try {
    parseIdempotencyKey(value);
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('parseIdempotencyKey', () => {
  it('no header: no key', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
  });

  it('accepts 1 to 255 visible ASCII characters, as given', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...VISIBLE_ASCII), minLength: 1, maxLength: 255 }), (key) => {
        expect(parseIdempotencyKey(key)).toBe(key);
      }),
    );
    expect(parseIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
    );
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'a'.repeat(256)],
    ['a space', 'a b'],
    ['a tab', 'a\tb'],
    ['DEL', 'a\u007fb'],
    ['a non-ASCII letter', 'cl\u00e9'],
    ['an emoji', 'key-\u{1f511}'],
    ['repeated (an array)', ['a', 'b']],
  ] as const)('refuses %s with a 400 naming Idempotency-Key', (_what, value) => {
    const error = rejection(typeof value === 'string' ? value : [...value]);
    expect(error.status).toBe(400);
    expect(error.code).toBe('Field.InvalidFormat');
    expect(error.paths).toEqual(['Idempotency-Key']);
    expect(error.message).toContain('Idempotency-Key');
  });
});

describe('requestFingerprint', () => {
  const body = Buffer.from('{"amount":"1.00"}');

  it('is a SHA-256 in hex, the same for the same request', () => {
    const fingerprint = requestFingerprint('POST', '/v2/payments', body);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(requestFingerprint('POST', '/v2/payments', Buffer.from('{"amount":"1.00"}'))).toBe(fingerprint);
  });

  it('differs when the method, the path, the query or any body byte differs', () => {
    const base = requestFingerprint('POST', '/v2/payments', body);
    expect(requestFingerprint('PUT', '/v2/payments', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/v2/payouts', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/v2/payments?x=1', body)).not.toBe(base);
    expect(requestFingerprint('POST', '/v2/payments', Buffer.from('{"amount": "1.00"}'))).not.toBe(base);
    expect(requestFingerprint('POST', '/v2/payments', undefined)).toBe(
      requestFingerprint('POST', '/v2/payments', Buffer.alloc(0)),
    );
  });

  it('cannot be made equal by moving bytes between the path and the body', () => {
    // URLs never hold a NUL byte (the separator), so neither does the generated path.
    const urlText = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
      fc.string({ unit: fc.constantFrom(...VISIBLE_ASCII), minLength, maxLength });
    fc.assert(
      fc.property(urlText(0, 20), fc.string({ maxLength: 20 }), urlText(1, 5), (path, rest, moved) => {
        const a = requestFingerprint('POST', `/${path}${moved}`, Buffer.from(rest));
        const b = requestFingerprint('POST', `/${path}`, Buffer.from(`${moved}${rest}`));
        expect(a).not.toBe(b);
      }),
    );
  });
});
