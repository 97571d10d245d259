import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { compactVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { signRequest } from '../../../test/support/sign-request.js';
import { es256Twin, signatureSpellings } from '../../../test/support/signature-spellings.js';
import { AuthFailure } from './auth-failure.js';
import {
  checkBinding,
  parseRequestJws,
  signedContentDigest,
  signingInput,
  type RequestBinding,
  type RequestJwsHeader,
} from './request-jws.js';

const NOW = 1_731_530_000_000;
const SIGNATURE = Buffer.from('not-really-a-signature').toString('base64url');

const HEADER = {
  alg: 'EdDSA',
  kid: 'cJSOA7nQscQBScnE',
  mid: 'm:3qVTbXqXZza2VTKa28BPbExm',
  exp: NOW + 60_000,
  method: 'POST',
  host: 'gateway.example.com',
  path: '/member/m:3qVTbXqXZza2VTKa28BPbExm/keys',
} as const;

function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

function token(header: unknown, payload = '', signature = SIGNATURE): string {
  return `${b64(header)}.${payload}.${signature}`;
}

/** The AuthFailure reason `fn` throws (fails the test if it throws anything else or nothing). */
function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AuthFailure);
    return (error as AuthFailure).reason;
  }
  throw new Error('expected an AuthFailure');
}

describe('parseRequestJws', () => {
  it('reads a well-formed token into header, segments and signature', () => {
    const raw = token({ ...HEADER, query: 'a=1' }, b64('{"x":1}'));
    const parsed = parseRequestJws(raw);
    expect(parsed.header).toEqual({ ...HEADER, query: 'a=1' });
    expect(parsed.encodedHeader).toBe(raw.split('.')[0]);
    expect(parsed.encodedPayload).toBe(b64('{"x":1}'));
    expect(parsed.signature).toBe(SIGNATURE);
  });

  it('leaves the payload empty for a detached token and query undefined when absent', () => {
    const parsed = parseRequestJws(token(HEADER));
    expect(parsed.encodedPayload).toBe('');
    expect(parsed.header.query).toBeUndefined();
  });

  it.each(['EdDSA', 'ES256', 'PS256', 'RS256'])('accepts alg %s', (alg) => {
    expect(parseRequestJws(token({ ...HEADER, alg })).header.alg).toBe(alg);
  });

  it.each([['none'], ['HS256'], ['HS512'], ['ES384'], ['RS512'], ['eddsa'], [''], [42], [null]])(
    'rejects alg %j',
    (alg) => {
      expect(reasonOf(() => parseRequestJws(token({ ...HEADER, alg })))).toMatch(/alg/);
    },
  );

  it('rejects a header without alg', () => {
    const { alg: _alg, ...rest } = HEADER;
    expect(reasonOf(() => parseRequestJws(token(rest)))).toMatch(/alg/);
  });

  it.each(['kid', 'mid', 'method', 'host', 'path'] as const)('rejects a missing, empty or non-string %s', (name) => {
    const { [name]: _dropped, ...rest } = HEADER;
    expect(reasonOf(() => parseRequestJws(token(rest)))).toContain(name);
    expect(reasonOf(() => parseRequestJws(token({ ...HEADER, [name]: '' })))).toContain(name);
    expect(reasonOf(() => parseRequestJws(token({ ...HEADER, [name]: 7 })))).toContain(name);
  });

  it('accepts exp as a string of digits, as a number', () => {
    expect(parseRequestJws(token({ ...HEADER, exp: String(NOW) })).header.exp).toBe(NOW);
  });

  it.each([
    ['missing', undefined],
    ['text', 'soon'],
    ['signed digits', '-5'],
    ['decimal string', '1.5'],
    ['fraction', 1.5],
    ['boolean', true],
    ['unsafe integer', 2 ** 60],
  ])('rejects exp that is %s', (_what, exp) => {
    expect(reasonOf(() => parseRequestJws(token({ ...HEADER, exp })))).toMatch(/exp/);
  });

  it.each([
    ['64 (Ed25519, ES256)', 64, 16],
    ['256 (RSA 2048)', 256, 16],
    ['384 (RSA 3072)', 384, 1],
    ['512 (RSA 4096)', 512, 4],
  ])('accepts a %s-byte signature only in its canonical spelling', (_what, length, count) => {
    const spellings = signatureSpellings(randomBytes(length).toString('base64url'));
    expect(spellings).toHaveLength(count);
    expect(new Set(spellings.map((spelling) => Buffer.from(spelling, 'base64url').toString('hex'))).size).toBe(1);
    const [canonical = '', ...others] = spellings;
    expect(parseRequestJws(token(HEADER, '', canonical)).signature).toBe(canonical);
    for (const other of others)
      expect(
        reasonOf(() => parseRequestJws(token(HEADER, '', other))),
        other,
      ).toMatch(/canonical/);
  });

  it('rejects a query that is not a string', () => {
    expect(reasonOf(() => parseRequestJws(token({ ...HEADER, query: ['a=1'] })))).toMatch(/query/);
  });

  it.each([
    ['not JSON', 'alg=EdDSA'],
    ['a JSON array', '["EdDSA"]'],
    ['JSON null', 'null'],
    ['a JSON string', '"EdDSA"'],
  ])('rejects a header that is %s', (_what, header) => {
    expect(reasonOf(() => parseRequestJws(`${b64(header)}..${SIGNATURE}`))).toMatch(/not JSON/);
  });

  it.each([
    ['two segments', `${b64(HEADER)}.${SIGNATURE}`],
    ['four segments', `${b64(HEADER)}...${SIGNATURE}`],
    ['an empty header', `..${SIGNATURE}`],
    ['an empty signature', `${b64(HEADER)}..`],
    ['base64 (not url) characters', `${b64(HEADER)}..abc+/=`],
    ['an empty string', ''],
  ])('rejects a token with %s', (_what, raw) => {
    expect(reasonOf(() => parseRequestJws(raw))).toMatch(/compact JWS/);
  });
});

describe('checkBinding', () => {
  const header: RequestJwsHeader = { ...HEADER, alg: 'EdDSA', query: 'limit=5&offset=abc' };
  const request: RequestBinding = {
    method: 'POST',
    host: 'gateway.example.com',
    path: HEADER.path,
    query: 'limit=5&offset=abc',
    body: Buffer.alloc(0),
  };

  it('accepts a token bound to this request', () => {
    expect(() => checkBinding(header, request, NOW)).not.toThrow();
  });

  it('accepts a token that expired up to 60 s ago (clock skew), and not a millisecond more', () => {
    expect(() => checkBinding({ ...header, exp: NOW - 60_000 }, request, NOW)).not.toThrow();
    expect(reasonOf(() => checkBinding({ ...header, exp: NOW - 60_001 }, request, NOW))).toMatch(/expired/);
    expect(reasonOf(() => checkBinding({ ...header, exp: NOW - 3_600_000 }, request, NOW))).toMatch(/expired/);
  });

  it('accepts exp up to 5 minutes ahead plus 60 s of skew, and not a millisecond more', () => {
    expect(() => checkBinding({ ...header, exp: NOW + 5 * 60_000 }, request, NOW)).not.toThrow();
    expect(() => checkBinding({ ...header, exp: NOW + 6 * 60_000 }, request, NOW)).not.toThrow();
    expect(reasonOf(() => checkBinding({ ...header, exp: NOW + 6 * 60_000 + 1 }, request, NOW))).toMatch(/ahead/);
    expect(reasonOf(() => checkBinding({ ...header, exp: NOW + 24 * 3_600_000 }, request, NOW))).toMatch(/ahead/);
  });

  it('judges expiry against the time it is given, not the wall clock', () => {
    const later = NOW + 10 * 60_000;
    expect(reasonOf(() => checkBinding(header, request, later))).toMatch(/expired/);
    expect(() => checkBinding({ ...header, exp: later }, request, later)).not.toThrow();
  });

  it('compares the method case-insensitively', () => {
    expect(() => checkBinding({ ...header, method: 'post' }, request, NOW)).not.toThrow();
    expect(reasonOf(() => checkBinding({ ...header, method: 'GET' }, request, NOW))).toMatch(/method/);
    expect(reasonOf(() => checkBinding(header, { ...request, method: 'PUT' }, NOW))).toMatch(/method/);
  });

  it('compares the host case-insensitively, port included', () => {
    expect(() => checkBinding({ ...header, host: 'Gateway.Example.COM' }, request, NOW)).not.toThrow();
    expect(reasonOf(() => checkBinding({ ...header, host: 'gateway.example.com:8443' }, request, NOW))).toMatch(/host/);
    expect(reasonOf(() => checkBinding({ ...header, host: 'evil.example.com' }, request, NOW))).toMatch(/host/);
  });

  it('compares the path exactly', () => {
    for (const path of [`${HEADER.path}/`, HEADER.path.toUpperCase(), '/member/m:other/keys', '/']) {
      expect(reasonOf(() => checkBinding({ ...header, path }, request, NOW))).toMatch(/path/);
    }
  });

  it('compares the query exactly, a missing one standing for the empty query', () => {
    expect(reasonOf(() => checkBinding({ ...header, query: 'offset=abc&limit=5' }, request, NOW))).toMatch(/query/);
    expect(reasonOf(() => checkBinding({ ...header, query: 'limit=5' }, request, NOW))).toMatch(/query/);
    expect(reasonOf(() => checkBinding({ ...header, query: undefined }, request, NOW))).toMatch(/query/);
    expect(() => checkBinding({ ...header, query: undefined }, { ...request, query: '' }, NOW)).not.toThrow();
    expect(() => checkBinding({ ...header, query: '' }, { ...request, query: '' }, NOW)).not.toThrow();
    expect(reasonOf(() => checkBinding({ ...header, query: 'a=1' }, { ...request, query: '' }, NOW))).toMatch(/query/);
  });
});

describe('signingInput', () => {
  const body = Buffer.from('{"amount":{"value":"10.00","currency":"EUR"}}');
  const parsedWith = (payload: string) => parseRequestJws(token(HEADER, payload));

  it('puts the request body in for a detached payload', () => {
    const parsed = parsedWith('');
    expect(signingInput(parsed, body)).toBe(`${parsed.encodedHeader}.${body.toString('base64url')}.${SIGNATURE}`);
    expect(signingInput(parsed, Buffer.alloc(0))).toBe(`${parsed.encodedHeader}..${SIGNATURE}`);
  });

  it('keeps an attached payload that is exactly the body', () => {
    const raw = token(HEADER, body.toString('base64url'));
    expect(signingInput(parseRequestJws(raw), body)).toBe(raw);
  });

  it.each([
    ['another body', Buffer.from('{"amount":{"value":"99.00","currency":"EUR"}}')],
    ['the body with a trailing newline', Buffer.concat([body, Buffer.from('\n')])],
    ['an empty body', Buffer.alloc(0)],
  ])('rejects an attached payload when the request carries %s', (_what, requestBody) => {
    expect(reasonOf(() => signingInput(parsedWith(body.toString('base64url')), requestBody))).toMatch(/payload/);
  });

  it('yields a JWS that verifies for the signed body, detached or attached, and not for another body', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const options = {
      kid: HEADER.kid,
      mid: HEADER.mid,
      method: 'POST',
      host: HEADER.host,
      path: HEADER.path,
      body: body.toString(),
      expMs: NOW,
    };
    for (const detached of [true, false]) {
      const parsed = parseRequestJws(await signRequest(privateKey, { ...options, detached }));
      expect(parsed.encodedPayload === '').toBe(detached);
      const verified = await compactVerify(signingInput(parsed, body), publicKey, { algorithms: ['EdDSA'] });
      expect(Buffer.from(verified.payload).equals(body)).toBe(true);
    }
    const detachedToken = parseRequestJws(await signRequest(privateKey, { ...options, detached: true }));
    const tampered = Buffer.from(body.toString().replace('10.00', '10.01'));
    await expect(
      compactVerify(signingInput(detachedToken, tampered), publicKey, { algorithms: ['EdDSA'] }),
    ).rejects.toThrow();
  });
});

describe('signedContentDigest', () => {
  const body = Buffer.from('{"amount":{"value":"10.00","currency":"EUR"}}');

  it('is one for every signature of the same header and body: detached or attached, twin or re-signed', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const options = { ...HEADER, alg: 'ES256', body: body.toString(), expMs: NOW };
    const first = await signRequest(privateKey, options);
    const again = await signRequest(privateKey, options);
    const detached = await signRequest(privateKey, { ...options, detached: true });
    const [encodedHeader = '', , signature = ''] = first.split('.');
    expect(again).not.toBe(first);
    const digests = [
      first,
      again,
      detached,
      `${encodedHeader}..${es256Twin(signature)}`,
      `${encodedHeader}..${SIGNATURE}`,
    ].map((raw) => signedContentDigest(parseRequestJws(raw), body));
    expect(new Set(digests).size).toBe(1);
  });

  it('differs for another body or another header', () => {
    const parsed = parseRequestJws(token(HEADER));
    const digest = signedContentDigest(parsed, body);
    expect(signedContentDigest(parsed, Buffer.concat([body, Buffer.from(' ')]))).not.toBe(digest);
    expect(signedContentDigest(parseRequestJws(token({ ...HEADER, exp: NOW + 1 })), body)).not.toBe(digest);
    expect(signedContentDigest(parseRequestJws(token({ ...HEADER, kid: 'another' })), body)).not.toBe(digest);
  });
});
