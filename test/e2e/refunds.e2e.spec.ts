import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefundRegistrationVault, SealedRecordRewrap } from '#libs/application';
import { SystemClock } from '#libs/common';
import { RefundRegistrationRepository, SealedRecordRepository } from '#libs/db';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { keyEncryptionKeyId, LocalKms, SecretBox } from '#libs/secrets';
import { decideOnConsentPage } from './obie/consent-form.js';
import {
  ADMIN_TOKEN,
  call,
  createPayment,
  getPayment,
  newMember,
  startGateway,
  ukInitiation,
  waitForStatus,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { expectReferenceSchema } from '../support/reference-schema.js';
import { TEST_KEY_ENCRYPTION_KEY } from '../support/test-env.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Refunds against the real gateway, worker and UK sandbox bank: payments completed at the bank
 * and refunded in full, in parts and over their amount; refunds of foreign, unknown and
 * unfinished payments; 50 concurrent partial refunds of one payment; registration credentials
 * never answered nor stored in clear; REFUND_STATUS_CHANGED delivered and signed.
 */

type Json = Record<string, unknown>;
interface ErrorAnswer {
  readonly error: { readonly errorCode?: string; readonly message: string; readonly paths?: readonly string[] };
}
interface RefundBody {
  readonly refund: Json & { readonly id: string; readonly status: string };
}

const receiver = new WebhookReceiver();
let gateway: TestGateway;
let member: TestMember;
let other: TestMember;
let credential: string;
let registrationId: string;
/** Every answer the gateway gave in this file, to look for the credential in. */
const answers: string[] = [];

async function api<T = Json>(
  method: string,
  path: string,
  body?: unknown,
  who: TestMember = member,
): Promise<Answer<T>> {
  const answer = await call<T>(`${gateway.apiUrl}${path}`, method, who.auth, body);
  answers.push(JSON.stringify(answer.body));
  return answer;
}

/** A payment of `value` GBP made by sandbox-success at ob-sandbox-gb, completed, with its refund account. */
async function completedPayment(value = '10.50'): Promise<string> {
  const created = await createPayment(
    gateway,
    member,
    ukInitiation({ amount: { value, currency: 'GBP' }, returnRefundAccount: true }),
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const back = await decideOnConsentPage(
    (created.body.payment.authentication as { redirectUrl: string }).redirectUrl,
    'sandbox-success',
    'approve',
  );
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const done = await waitForStatus(gateway, member, created.body.payment.id, [
    'INITIATION_COMPLETED',
    'INITIATION_REJECTED',
    'INITIATION_FAILED',
  ]);
  expect(done.status).toBe('INITIATION_COMPLETED');
  return done.id;
}

function refund(
  originalPaymentId: string,
  value: string,
  extra: Json = {},
  who?: TestMember,
): Promise<Answer<RefundBody>> {
  return api<RefundBody>(
    'POST',
    '/refunds',
    {
      initiation: {
        refId: `rf-${randomBytes(4).toString('hex')}`,
        amount: { value, currency: 'GBP' },
        originalPaymentId,
        registrationId,
        localInstrument: 'FASTER_PAYMENTS',
        ...extra,
      },
    },
    who,
  );
}

async function refundUntilFinal(id: string, timeoutMs = 20_000): Promise<RefundBody['refund']> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await api<RefundBody>('GET', `/refunds/${encodeURIComponent(id)}`);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    if (!['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(got.body.refund.status)) return got.body.refund;
    if (Date.now() > deadline) throw new Error(`refund ${id} stayed ${got.body.refund.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: gateway.config.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true, env: { PAYMENT_POLL_SCHEDULE_SECONDS: '1' } });
  member = await newMember(gateway);
  other = await newMember(gateway);
  await receiver.start();
  const put = await call(`${gateway.apiUrl}/webhook/config`, 'PUT', member.auth, {
    config: { type: ['REFUND_STATUS_CHANGED'], url: receiver.url },
  });
  expect(put.status).toBe(200);

  // The merchant's agreement with its bank (sandbox-only): a credential for payments from its account without it present.
  const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
    `${gateway.sandboxUrl}/sandbox/registered-credentials/ob-sandbox-gb`,
    'POST',
    `Bearer ${ADMIN_TOKEN}`,
    { clientId: 'gateway-sandbox', username: 'refund-merchant' },
  );
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  credential = issued.body.credential;
  const { identification, name } = issued.body.account;
  const registered = await api<{ registration: Json & { id: string } }>('POST', '/refund/registrations', {
    bankId: 'ob-sandbox-gb',
    debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
    credentials: { grant: credential },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  registrationId = registered.body.registration.id;
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await receiver.stop();
});

describe('refund registrations', () => {
  it('answers the registration in the reference shape without its credentials, at the root and under /v2', async () => {
    for (const base of ['', '/v2']) {
      const got = await api<{ registration: Json }>('GET', `${base}/refund/registrations/${registrationId}`);
      expect(got.status, JSON.stringify(got.body)).toBe(200);
      expectReferenceSchema('GetPayoutRegistrationResponse', got.body, `GET ${base}/refund/registrations/{id}`);
      expect(got.body.registration).toMatchObject({
        id: registrationId,
        product: 'REFUND',
        registration: { bankId: 'ob-sandbox-gb', credentialNames: ['grant'] },
      });
      expect(JSON.stringify(got.body)).not.toContain(credential);
    }
    expect((await api('GET', `/refund/registrations/${registrationId}`, undefined, other)).status).toBe(404);
  });

  it('keeps the credentials sealed in the table: no column holds them in clear', async () => {
    const [row] = await query<Record<string, unknown>>('SELECT * FROM refund_registration WHERE id = $1', [
      registrationId,
    ]);
    expect(row).toBeDefined();
    const text = JSON.stringify(row);
    expect(text).not.toContain(credential);
    expect(String(row?.['sealed_credentials'])).toMatch(/^grant\|enc:v2:/);
    expect(text).not.toContain(Buffer.from(credential).toString('base64url'));
  });

  it('deletes a registration for good and refuses bodies naming the field', async () => {
    const created = await api<{ registration: { id: string } }>('POST', '/v2/refund/registrations', {
      bankId: 'ob-sandbox-gb',
      debtor: { iban: 'DE89370400440532013000' },
      credentials: { appId: 'a', appSecret: 'b-secret-value' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.registration.id;
    expect((await api('DELETE', `/refund/registrations/${id}`, undefined, other)).status).toBe(404);
    expect((await api('DELETE', `/refund/registrations/${id}`)).body).toEqual({});
    expect((await api('GET', `/refund/registrations/${id}`)).status).toBe(404);
    expect(await query('SELECT id FROM refund_registration WHERE id = $1', [id])).toEqual([]);
    for (const [body, path] of [
      [{ debtor: { iban: 'DE89370400440532013000' }, credentials: { a: 'b' } }, 'bankId'],
      [{ bankId: 'nope', debtor: { iban: 'DE89370400440532013000' }, credentials: { a: 'b' } }, 'bankId'],
      [{ bankId: 'ob-sandbox-gb', debtor: { sortCode: '040004' }, credentials: { a: 'b' } }, 'debtor.accountNumber'],
      [{ bankId: 'ob-sandbox-gb', debtor: { iban: 'DE89370400440532013000' } }, 'credentials'],
    ] as const) {
      const answer = (await api('POST', '/refund/registrations', body)) as unknown as Answer<ErrorAnswer>;
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error.paths).toContain(path);
    }
  });
});

describe('key rotation of the registrations', () => {
  it('re-wraps the credentials under a new key-encryption key while the previous one still opens them', async () => {
    const previous = Buffer.from(TEST_KEY_ENCRYPTION_KEY, 'base64');
    const next = randomBytes(32);
    const repository = gateway.api.api.get(RefundRegistrationRepository);
    const records = gateway.api.api.get(SealedRecordRepository);
    const rotating = new SealedRecordRewrap(records, new SecretBox(new LocalKms(next, [previous])));
    const registrationsOf = async (walk: SealedRecordRewrap) =>
      (await walk.run()).find((report) => report.purpose === 'refund-registration');
    const created = await api<{ registration: { id: string } }>('POST', '/refund/registrations', {
      bankId: 'ob-sandbox-gb',
      debtor: { iban: 'DE89370400440532013000' },
      credentials: { grant: 'rotation-secret-value' },
    });
    const id = created.body.registration.id;
    const sealedBy = async (): Promise<string> =>
      String(
        (await query<{ s: string }>('SELECT sealed_credentials AS s FROM refund_registration WHERE id = $1', [id]))[0]
          ?.s,
      );
    const before = await sealedBy();
    expect(before).toContain(`enc:v2:${keyEncryptionKeyId(previous)}:`);

    const report = await registrationsOf(rotating);
    expect(report?.unreadable).toEqual([]);
    expect(report?.rewrapped).toBeGreaterThanOrEqual(1);
    const after = await sealedBy();
    expect(after).toContain(`enc:v2:${keyEncryptionKeyId(next)}:`);
    // The data key is re-wrapped; the ciphertext stays.
    expect(after.split(':').slice(-3)).toEqual(before.split(':').slice(-3));

    const nextOnly = new RefundRegistrationVault(repository, new SecretBox(new LocalKms(next)), new SystemClock());
    const opened = await nextOnly.openOfOwner(member.id, id);
    expect(opened?.credentials).toEqual({ grant: 'rotation-secret-value' });
    expect((await registrationsOf(rotating))?.rewrapped).toBe(0);
    // The running gateway (previous key only) no longer opens it: rotation means configuring the new key
    // as current and the old one as previous until every row is re-wrapped.
    const previousOnly = new RefundRegistrationVault(
      repository,
      new SecretBox(new LocalKms(previous)),
      new SystemClock(),
    );
    await expect(previousOnly.openOfOwner(member.id, id)).rejects.toThrow();
    expect((await api('DELETE', `/refund/registrations/${id}`)).status).toBe(200);

    // And back (the running gateway's key current again), as the next rotation would go.
    const back = new SealedRecordRewrap(records, new SecretBox(new LocalKms(previous, [next])));
    expect((await registrationsOf(back))?.unreadable).toEqual([]);
    expect(await previousOnly.openOfOwner(member.id, registrationId)).toMatchObject({
      credentials: { grant: credential },
    });
  });
});

describe('Idempotency-Key on POST /refunds', () => {
  it('answers a repeated request with the same refund, counted once', async () => {
    const paymentId = await completedPayment('4.00');
    const key = `idem-${randomBytes(6).toString('hex')}`;
    const body = {
      initiation: {
        refId: 'idem-refund',
        amount: { value: '3.00', currency: 'GBP' },
        originalPaymentId: paymentId,
        registrationId,
        localInstrument: 'FASTER_PAYMENTS',
      },
    };
    const first = await call<RefundBody>(`${gateway.apiUrl}/refunds`, 'POST', member.auth, body, {
      'idempotency-key': key,
    });
    const second = await call<RefundBody>(`${gateway.apiUrl}/refunds`, 'POST', member.auth, body, {
      'idempotency-key': key,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.refund.id).toBe(first.body.refund.id);
    const [row] = await query<{ n: string }>('SELECT count(*)::text AS n FROM refund WHERE original_payment_id = $1', [
      paymentId,
    ]);
    expect(row?.n).toBe('1');
    const other = await call(
      `${gateway.apiUrl}/refunds`,
      'POST',
      member.auth,
      { initiation: { ...body.initiation, refId: 'x' } },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
    await refundUntilFinal(first.body.refund.id);
  });
});

describe('refunds of a payment completed at the sandbox bank', () => {
  it('refunds in full: paid back unattended through the registration, the payment FULL', async () => {
    const paymentId = await completedPayment('10.50');
    const before = await getPayment(gateway, member, paymentId);
    expect(before['refundDetails']).toMatchObject({
      paymentRefundStatus: 'NONE',
      remainingRefundAmount: { value: '10.5', currency: 'GBP' },
    });

    const created = await refund(paymentId, '10.50');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectReferenceSchema('RefundResponse', created.body, 'POST /refunds');
    expect(created.body.refund.status).toBe('INITIATION_PENDING');
    const initiation = created.body.refund['initiation'] as Json;
    const { creditor, debtor } = initiation as { creditor: Json; debtor: Json };
    expect(typeof creditor['sortCode'] === 'string' && typeof creditor['accountNumber'] === 'string').toBe(true);
    expect(typeof debtor['sortCode']).toBe('string');

    const done = await refundUntilFinal(created.body.refund.id);
    expect(done.status, JSON.stringify(done)).toBe('INITIATION_COMPLETED');
    expect(done['bankTransactionId']).toEqual(expect.any(String));
    expect(done['bankPaymentStatus']).toEqual(expect.any(String));
    expectReferenceSchema('RefundResponse', { refund: done }, 'GET /refunds/{id}');

    const after = await getPayment(gateway, member, paymentId);
    expect(after['refundDetails']).toMatchObject({
      paymentRefundStatus: 'FULL',
      settledRefundAmount: { value: '10.5', currency: 'GBP' },
      remainingRefundAmount: { value: '0', currency: 'GBP' },
    });
    const over = (await refund(paymentId, '0.01')) as unknown as Answer<ErrorAnswer>;
    expect(over.status).toBe(400);
    expect(over.body.error.paths).toEqual(['initiation.amount.value']);

    // REFUND_STATUS_CHANGED for the creation and each change, signed.
    const deadline = Date.now() + 15_000;
    const mine = (): typeof receiver.requests =>
      receiver.requests.filter((r) => r.body.includes(created.body.refund.id));
    while (!mine().some((r) => r.body.includes('INITIATION_COMPLETED')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const jwks = remoteJwks(`${gateway.apiUrl}/.well-known/jwks.json`);
    const statuses: string[] = [];
    for (const request of mine()) {
      const verified = await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      expect(verified.event).toBe('REFUND_STATUS_CHANGED');
      const payload = verified.body['refundStatusChanged'] as Json;
      expect(payload).toMatchObject({ refundId: created.body.refund.id, memberId: member.id });
      statuses.push(payload['status'] as string);
    }
    expect(statuses).toEqual(expect.arrayContaining(['INITIATION_PENDING', 'INITIATION_COMPLETED']));
  });

  it('refunds in parts (PARTIAL, then FULL) and refuses a refund over what remains, naming the amount', async () => {
    const paymentId = await completedPayment('10.50');
    const first = await refund(paymentId, '3.00');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await getPayment(gateway, member, paymentId))['refundDetails']).toMatchObject({
      paymentRefundStatus: 'PARTIAL',
      remainingRefundAmount: { value: '7.5', currency: 'GBP' },
    });
    const over = (await refund(paymentId, '7.51')) as unknown as Answer<ErrorAnswer>;
    expect(over.status, JSON.stringify(over.body)).toBe(400);
    expect(over.body.error.paths).toEqual(['initiation.amount.value']);
    expect(over.body.error.message).toContain('7.5');
    const second = await refund(paymentId, '7.50');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((await refundUntilFinal(first.body.refund.id)).status).toBe('INITIATION_COMPLETED');
    expect((await refundUntilFinal(second.body.refund.id)).status).toBe('INITIATION_COMPLETED');
    expect((await getPayment(gateway, member, paymentId))['refundDetails']).toMatchObject({
      paymentRefundStatus: 'FULL',
      settledRefundAmount: { value: '10.5', currency: 'GBP' },
    });

    // The payment's refunds, by transfer id, at the root and under /v2.
    for (const base of ['', '/v2']) {
      const listed = await api<{ refunds: Json[]; paging: Json }>(
        'GET',
        `${base}/transfers/${paymentId}/refunds?limit=10`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expectReferenceSchema('RefundsResponse', listed.body, `GET ${base}/transfers/{id}/refunds`);
      expect(listed.body.refunds.map((r) => r['id']).sort()).toEqual(
        [first.body.refund.id, second.body.refund.id].sort(),
      );
    }
    expect((await api('GET', `/transfers/${paymentId}/refunds?limit=10`, undefined, other)).status).toBe(404);
  });

  it("answers 404 for another member's, an unknown and an unfinished payment", async () => {
    const paymentId = await completedPayment('2.00');
    const foreign = (await refund(
      paymentId,
      '1.00',
      { registrationId: undefined },
      other,
    )) as unknown as Answer<ErrorAnswer>;
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
    expect((await refund('pm2:unknown', '1.00')).status).toBe(404);
    const pending = await createPayment(gateway, member, ukInitiation());
    expect(pending.body.payment.status).toBe('INITIATION_PENDING_REDIRECT_AUTH');
    const unfinished = (await refund(pending.body.payment.id, '1.00')) as unknown as Answer<ErrorAnswer>;
    expect(unfinished.status, JSON.stringify(unfinished.body)).toBe(404);
    expect(unfinished.body.error.message).toContain('not completed');
  });

  it('refuses bad initiations with a 400 naming the field', async () => {
    const paymentId = await completedPayment('2.00');
    const cases: ReadonlyArray<readonly [Json, string]> = [
      [{ refId: 'x'.repeat(19) }, 'initiation.refId'],
      [{ amount: { value: '1.001', currency: 'GBP' } }, 'initiation.amount.value'],
      [{ amount: { value: '1.00', currency: 'EUR' } }, 'initiation.amount.currency'],
      [{ localInstrument: 'ELIXIR' }, 'initiation.localInstrument'],
      [{ localInstrument: 'SEPA' }, 'initiation.localInstrument'],
      [{ registrationId: 'no-such-registration' }, 'initiation.registrationId'],
      [{ registrationId: undefined }, 'initiation.debtor'],
      [{ creditor: { sortCode: '040004', accountNumber: '1234', name: 'Payer' } }, 'initiation.creditor.accountNumber'],
    ];
    for (const [extra, path] of cases) {
      const answer = (await refund(paymentId, '1.00', extra)) as unknown as Answer<ErrorAnswer>;
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error.paths, JSON.stringify(answer.body)).toContain(path);
    }
  });

  it('50 concurrent partial refunds of one payment never add up to more than it', async () => {
    const paymentId = await completedPayment('10.50');
    const answers50 = await Promise.all(Array.from({ length: 50 }, () => refund(paymentId, '0.50')));
    const accepted = answers50.filter((answer) => answer.status === 200);
    const refused = answers50.filter((answer) => answer.status === 400);
    expect(accepted.length + refused.length).toBe(50);
    expect(accepted).toHaveLength(21);
    const [row] = await query<{ refunded: string; amount: string; counted: string }>(
      `SELECT p.refunded_amount::text AS refunded, p.amount::text AS amount,
              (SELECT COALESCE(sum(r.amount), 0)::text FROM refund r
                WHERE r.original_payment_id = p.id AND r.status NOT IN ('INITIATION_REJECTED', 'INITIATION_FAILED')) AS counted
         FROM payment p WHERE p.id = $1`,
      [paymentId],
    );
    expect(Number(row?.counted)).toBeLessThanOrEqual(Number(row?.amount));
    expect(Number(row?.counted)).toBe(10.5);
    expect(Number(row?.refunded)).toBe(10.5);
  }, 60_000);
});

describe('GET /refunds', () => {
  it('lists in pages with a required limit of 1 to 100 and the reference filters', async () => {
    for (const limit of ['0', '101', 'x', '']) {
      const answer = (await api('GET', `/refunds?limit=${limit}`)) as unknown as Answer<ErrorAnswer>;
      expect(answer.status, limit).toBe(400);
      expect(answer.body.error.paths).toEqual(['limit']);
    }
    expect((await api('GET', '/refunds')).status).toBe(400);
    const seen = new Set<string>();
    let offset: string | undefined;
    for (let page = 0; page < 100; page += 1) {
      const listed = await api<{ refunds: Json[]; paging: { limit: number; offset?: string } }>(
        'GET',
        `/v2/refunds?limit=7${offset === undefined ? '' : `&offset=${encodeURIComponent(offset)}`}`,
      );
      expect(listed.status, JSON.stringify(listed.body)).toBe(200);
      expectReferenceSchema('RefundsResponse', listed.body, 'GET /refunds');
      for (const entry of listed.body.refunds) seen.add(entry['id'] as string);
      offset = listed.body.paging.offset;
      if (offset === undefined) break;
    }
    expect(seen.size).toBe(25); // 1 full, 2 partial, 1 idempotent and 21 of the concurrent refunds
    const [someId] = [...seen];
    const byId = await api<{ refunds: Json[] }>('GET', `/refunds?limit=5&ids=${someId}&partial=true`);
    expect(byId.body.refunds.map((entry) => Object.keys(entry).sort())).toEqual([['id', 'status']]);
    expect(byId.body.refunds[0]?.['id']).toBe(someId);
    const completed = await api<{ refunds: Json[] }>(
      'GET',
      '/refunds?limit=100&statuses=INITIATION_COMPLETED&invertStatuses=true&startDate=2000-01-01',
    );
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.refunds.every((r) => r['status'] !== 'INITIATION_COMPLETED')).toBe(true);
    expect((await api<{ refunds: Json[] }>('GET', '/refunds?limit=5', undefined, other)).body.refunds).toEqual([]);
    expect((await api('GET', `/refunds/${someId}`, undefined, other)).status).toBe(404);
  });

  it('never answered the registration credential', () => {
    expect(answers.length).toBeGreaterThan(10);
    for (const body of answers) expect(body).not.toContain(credential);
  });
});
