import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BankRejectedError } from '../bank-errors.js';
import { BankHttpClient } from '../http/bank-http-client.js';
import { BerlinGroupApi, describeBerlinGroupError, messagesOf } from './berlin-group-api.js';
import { parseBerlinGroupSettings } from './berlin-group-settings.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: Server;
let api: BerlinGroupApi;
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const rejected = request.url?.includes('unknown') === true;
      response.writeHead(rejected ? 403 : 200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          rejected
            ? { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text: 'No such payment.' }] }
            : { ok: true },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  api = new BerlinGroupApi(
    parseBerlinGroupSettings('bank-x', { baseUrl: `http://127.0.0.1:${port}/banks/x` }),
    new BankHttpClient({ logger: pino({ level: 'silent' }) }),
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const ctx = (psuIpAddress?: string) => ({
  bankId: 'bank-x',
  deadlineMs: Date.now() + 5000,
  ...(psuIpAddress === undefined ? {} : { psuIpAddress }),
});

describe('BerlinGroupApi headers', () => {
  it('sends a fresh X-Request-ID (UUID) with every call, under {baseUrl}/v1', async () => {
    seen.length = 0;
    await api.get(ctx(), '/payments/sepa-credit-transfers/P1/status', 'op');
    await api.get(ctx(), '/payments/sepa-credit-transfers/P1/status', 'op');
    expect(seen.map((request) => request.url)).toEqual([
      '/banks/x/v1/payments/sepa-credit-transfers/P1/status',
      '/banks/x/v1/payments/sepa-credit-transfers/P1/status',
    ]);
    const ids = seen.map((request) => request.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(seen[0]?.headers['accept']).toBe('application/json');
    expect(seen[0]?.headers['content-type']).toBeUndefined();
  });

  it("sends the user's address when known, the fallback on calls the user takes part in, nothing otherwise", async () => {
    seen.length = 0;
    await api.get(ctx('198.51.100.7'), '/accounts', 'op', { 'Consent-ID': 'C1' });
    await api.call(ctx(), {
      method: 'POST',
      path: '/payments/sepa-credit-transfers',
      operation: 'op',
      body: { a: 1 },
      headers: { 'PSU-ID': 'u' },
      psuInvolved: true,
    });
    await api.get(ctx(), '/accounts', 'op');
    expect(seen[0]?.headers).toMatchObject({ 'psu-ip-address': '198.51.100.7', 'consent-id': 'C1' });
    expect(seen[1]?.headers).toMatchObject({
      'psu-ip-address': '0.0.0.0',
      'psu-id': 'u',
      'content-type': 'application/json',
    });
    expect(seen[1]?.body).toBe('{"a":1}');
    expect(seen[2]?.headers['psu-ip-address']).toBeUndefined();
  });

  it('turns tppMessages of a 4xx into the BankRejectedError code and text', async () => {
    const error = await api
      .get(ctx(), '/payments/sepa-credit-transfers/unknown/status', 'op')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankRejectedError);
    expect(error).toMatchObject({ bankStatusCode: 403, bankErrorCode: 'RESOURCE_UNKNOWN' });
    expect((error as Error).message).toContain('No such payment.');
  });
});

describe('Berlin Group error bodies', () => {
  it('reads tppMessages and the RFC 7807 variant', () => {
    expect(
      describeBerlinGroupError({ tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'Bad.' }] }),
    ).toEqual({ code: 'FORMAT_ERROR', message: 'Bad.' });
    expect(
      describeBerlinGroupError({
        type: 'https://berlingroup.com/error-codes/FORMAT_ERROR',
        title: 'Format error',
        detail: 'Bad field.',
        code: 'FORMAT_ERROR',
      }),
    ).toEqual({
      code: 'FORMAT_ERROR',
      message: 'Bad field.',
    });
    expect(describeBerlinGroupError({})).toBeUndefined();
    expect(messagesOf({ psuMessage: 'AM04', tppMessages: [{ code: 'X', text: 'y' }] })).toEqual(['AM04', 'X', 'y']);
  });
});
