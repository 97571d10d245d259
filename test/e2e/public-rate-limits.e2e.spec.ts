import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBase58 } from '#libs/domain';
import { newClientIp } from '../support/loopback-client.js';
import { TPP_CALLBACK, call, newMember, startGateway, type TestGateway } from '../support/payments-gateway.js';

/**
 * The public routes (hosted pages, payment link pages and their form posts, bank callbacks) are
 * rate-limited per client address and per the resource their path or query names, in Redis like
 * the authenticated limits: over either limit, 429 in the interface's error shape with
 * Retry-After, while another address, or another link, still gets through.
 */

const PER_ADDRESS = 6;
const PER_RESOURCE = 4;

interface Sent {
  readonly status: number;
  readonly text: string;
  header(name: string): string | undefined;
}

let gateway: TestGateway;
let auth: string;

beforeAll(async () => {
  gateway = await startGateway({
    env: {
      RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: String(PER_ADDRESS),
      RATE_LIMIT_PUBLIC_PER_RESOURCE_PER_MINUTE: String(PER_RESOURCE),
    },
  });
  auth = (await newMember(gateway)).auth;
});
afterAll(async () => {
  await gateway.close();
});

/** One exchange with the public port from the local address `from`; `form` is sent urlencoded. */
function send(method: string, path: string, from: string, form?: Record<string, string>): Promise<Sent> {
  const payload = form === undefined ? undefined : new URLSearchParams(form).toString();
  const headers = payload === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' };
  return new Promise((resolve, reject) => {
    const req = request(`${gateway.apiUrl}${path}`, { method, headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const header = (name: string): string | undefined => {
          const value = res.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), header });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function expectTooMany(sent: Sent, what: string, message: RegExp): void {
  expect(sent.status, `${what}: ${sent.text.slice(0, 300)}`).toBe(429);
  expect(sent.header('content-type')).toMatch(/^application\/json/);
  const error = (JSON.parse(sent.text) as { error: Record<string, unknown> }).error;
  expect(Object.keys(error).sort()).toEqual(['errorCode', 'message', 'paymentId', 'tokenTraceId']);
  expect(error['errorCode']).toBe('RESOURCE_EXHAUSTED');
  expect(error['paymentId']).toEqual(expect.stringMatching(/\S/));
  expect(error['message']).toMatch(message);
  expect(error['tokenTraceId']).toBe(sent.header('token-trace-id'));
  const retryAfter = sent.header('retry-after') ?? '';
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
}

function expectThrough(sent: Sent, what: string, status: number): void {
  expect(sent.status, `${what}: ${sent.text.slice(0, 300)}`).toBe(status);
}

async function createLink(): Promise<string> {
  const created = await call<{ paymentLink: { url: string } }>(`${gateway.apiUrl}/v2/payment-links`, 'POST', auth, {
    paymentTemplate: {
      amount: { value: '10.50', currency: 'GBP' },
      localInstrument: 'FASTER_PAYMENTS',
      creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
      refId: 'ORDER-4711',
      remittanceInformationPrimary: 'ORDER 4711',
      callbackUrl: TPP_CALLBACK,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return new URL(created.body.paymentLink.url).pathname;
}

describe('public routes, per address', () => {
  it('counts every public route of one address together; another address still gets through', async () => {
    const address = newClientIp();
    const link = await createLink();
    const first: ReadonlyArray<[string, string, number]> = [
      ['GET', `/hosted-pages/payments/${randomBase58(32)}`, 404],
      ['GET', `/hosted-pages/token-requests/${randomBase58(32)}`, 404],
      ['GET', `/hosted-pages/vrp-consents/${randomBase58(32)}`, 404],
      ['GET', link, 200],
      ['GET', `/bank-callback?state=${randomBase58(32)}&code=c`, 400],
      ['GET', `/hosted-pages/payments/${randomBase58(32)}/status`, 404],
    ];
    expect(first).toHaveLength(PER_ADDRESS);
    for (const [method, path, status] of first) expectThrough(await send(method, path, address), path, status);

    // Every one of them is now refused from this address, whatever resource it names.
    expectTooMany(await send('GET', link, address), 'link page', /address/);
    expectTooMany(await send('POST', link, address, { amount: '10.50' }), 'link post', /address/);
    const fresh = `/hosted-pages/payments/${randomBase58(32)}`;
    expectTooMany(await send('GET', fresh, address), 'hosted payment', /address/);
    expectTooMany(
      await send('POST', '/bank-callback', address, { state: randomBase58(32), code: 'c' }),
      'callback post',
      /address/,
    );

    const elsewhere = newClientIp();
    expectThrough(await send('GET', link, elsewhere), 'link from elsewhere', 200);
    expectThrough(await send('GET', fresh, elsewhere), 'hosted payment from elsewhere', 404);
    // Health stays unlimited.
    expect((await send('GET', '/readyz', address)).status).toBe(200);
  });
});

describe('public routes, per resource', () => {
  it('a payment link: its page and its form post count together, from any address; another link gets through', async () => {
    const link = await createLink();
    const other = await createLink();
    for (let i = 0; i < PER_RESOURCE - 1; i += 1)
      expectThrough(await send('GET', link, newClientIp()), `link page ${i + 1}`, 200);
    // The form post (no amount: a fixed-amount link starts a payment) counts on the same link.
    const started = await send('POST', `${link}`, newClientIp(), {});
    expect(started.status, started.text.slice(0, 300)).not.toBe(429);

    expectTooMany(await send('GET', link, newClientIp()), 'link page past the limit', /payment link/);
    expectTooMany(await send('POST', link, newClientIp(), {}), 'link post past the limit', /payment link/);
    expectThrough(await send('GET', other, newClientIp()), 'another link', 200);
  });

  const pages: ReadonlyArray<[string, string, string, RegExp]> = [
    ['a hosted payment page', '/hosted-pages/payments', '/status', /payment/],
    ['a hosted token request page', '/hosted-pages/token-requests', '/status', /token request/],
    ['a hosted VRP consent page', '/hosted-pages/vrp-consents', '', /vrp consent/],
  ];
  for (const [what, base, statusPage, message] of pages) {
    it(`${what}: its pages and posts count on its token; another token gets through`, async () => {
      const token = randomBase58(32);
      const paths = [`${base}/${token}`, `${base}/${token}${statusPage}`, `${base}/${token}`, `${base}/${token}`];
      for (const [index, path] of paths.slice(0, PER_RESOURCE).entries()) {
        const method = index === 2 ? 'POST' : 'GET';
        const sent =
          method === 'POST'
            ? await send(method, path, newClientIp(), { bankId: 'x' })
            : await send(method, path, newClientIp());
        expect(sent.status, `${method} ${path}`).not.toBe(429);
      }
      expectTooMany(await send('GET', `${base}/${token}`, newClientIp()), `${what} past the limit`, message);
      expectThrough(await send('GET', `${base}/${randomBase58(32)}`, newClientIp()), `another ${what}`, 404);
    });
  }

  it('a bank callback: GET and form POST count on its state; another state gets through', async () => {
    const state = `tr.${randomBase58(32)}`;
    for (let i = 0; i < PER_RESOURCE; i += 1) {
      const sent =
        i % 2 === 0
          ? await send('GET', `/bank-callback?state=${encodeURIComponent(state)}&code=c${i}`, newClientIp())
          : await send('POST', '/bank-callback', newClientIp(), { state, code: `c${i}` });
      expectThrough(sent, `callback ${i + 1}`, 400);
    }
    expectTooMany(
      await send('GET', `/bank-callback?state=${encodeURIComponent(state)}&code=again`, newClientIp()),
      'callback past the limit',
      /callback state/,
    );
    expectThrough(
      await send('GET', `/bank-callback?state=${randomBase58(32)}&code=c`, newClientIp()),
      'another state',
      400,
    );
  });
});
