import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SealedRecordRewrap } from '#libs/application';
import type { ConnectedConfig } from '#libs/common';
import { SEALED_RECORD_KINDS, SealedRecordRepository, sealedPartOf } from '#libs/db';
import { remoteJwks, verifyWebhook } from '#libs/events';
import { LocalKms, SecretBox, keyEncryptionKeyId } from '#libs/secrets';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { accessToken } from './accounts/account-consent.js';
import { USER_IP, read } from './accounts/reads.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { freePort } from '../support/free-port.js';
import {
  ADMIN_TOKEN,
  call,
  ukInitiation,
  type Answer,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { baseUrl, freshDatabaseUrl, testConfig } from '../support/test-env.js';
import { WebhookReceiver, type ReceivedRequest } from '../support/webhook-receiver.js';

/**
 * A rotation of the key-encryption key covers every kind of sealed record: one record of every
 * kind is sealed through the gateway's own routes under a first key (the webhook signing key and
 * secret, a token's bank grant, a VRP consent's grant, an Account on File, a refund
 * registration, a UK payment order's grant kept while its answer is unknown), the processes restart with a second key current and the first as previous (two
 * workers at once), then again with the first key dropped, and every record is used: the
 * tokenized account read, an AIS read with the token at the bank, a VRP under the consent, a
 * refund with the registration, webhooks signed with the secret and the signing key, and the lost
 * payment order asked again with its grant.
 */

type Json = Record<string, unknown>;

const first = randomBytes(32);
const second = randomBytes(32);
const CREDITOR = { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' };

let databaseUrl: string;
let bank: SandboxBankProcess;
let port: number;
let running: { api: ApiProcess; workers: WorkerProcess[]; gateway: TestGateway } | undefined;
let member: TestMember;
const receiver = new WebhookReceiver();

/** The api and `workers` workers on the shared database, with this keyring. */
async function start(current: Buffer, previous: Buffer | undefined, workers = 1): Promise<TestGateway> {
  const config: ConnectedConfig = await testConfig({
    ADMIN_TOKEN,
    DATABASE_URL: databaseUrl,
    SANDBOX_BANK_URL: baseUrl(bank.app),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    SCHEDULER_TICK_MS: '50',
    PAYMENT_POLL_SCHEDULE_SECONDS: '1',
    RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
    RATE_LIMIT_READ_PER_MINUTE: '1000000',
    WEBHOOK_KEY_ENCRYPTION_KEY: current.toString('base64'),
    ...(previous === undefined ? {} : { WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: previous.toString('base64') }),
  });
  const api = await createApiProcess(config);
  await api.api.listen(port, '127.0.0.1');
  await api.admin.listen(0, '127.0.0.1');
  const prefix = `rot${randomBytes(4).toString('hex')}`;
  const started = await Promise.all(
    Array.from({ length: workers }, () => createWorkerProcess(config, { queuePrefix: prefix })),
  );
  // Several workers start side by side: their re-wraps run at the same time.
  await Promise.all(started.map((worker) => worker.start()));
  const gateway: TestGateway = {
    config,
    apiUrl: `http://127.0.0.1:${port}`,
    adminUrl: baseUrl(api.admin),
    sandboxUrl: baseUrl(bank.app),
    api,
    bank,
    worker: started[0],
    close: async () => {
      for (const worker of started) await worker.close();
      await api.close();
    },
  };
  running = { api, workers: started, gateway };
  return gateway;
}

async function stop(): Promise<void> {
  await running?.gateway.close();
  running = undefined;
}

async function gateway<T = Json>(g: TestGateway, method: string, path: string, body?: unknown): Promise<Answer<T>> {
  return call<T>(`${g.apiUrl}${path}`, method, member.auth, body);
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** The sealed values of every kind as stored (sealed part only), by purpose. */
async function sealedValues(g: TestGateway): Promise<Map<string, string[]>> {
  const values = new Map<string, string[]>();
  for (const kind of SEALED_RECORD_KINDS) {
    const rows = await g.api.stores.prisma.$queryRawUnsafe<{ stored: string }[]>(
      `SELECT "${kind.column}" AS stored FROM "${kind.table}" WHERE "${kind.column}" IS NOT NULL`,
    );
    values.set(
      kind.purpose,
      rows.map((row) => sealedPartOf(kind, row.stored)),
    );
  }
  return values;
}

function expectAllSealedUnder(values: Map<string, string[]>, key: Buffer): void {
  for (const [purpose, stored] of values) {
    expect(stored.length, `${purpose}: one record at least`).toBeGreaterThan(0);
    for (const value of stored) expect(value, purpose).toMatch(new RegExp(`^enc:v2:${keyEncryptionKeyId(key)}:`));
  }
}

/** A completed payment of `value` GBP by sandbox-success at ob-sandbox-gb with its refund account. */
async function completedPayment(g: TestGateway, value: string): Promise<string> {
  const created = await gateway<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
    g,
    'POST',
    '/v2/payments',
    { initiation: ukInitiation({ amount: { value, currency: 'GBP' }, returnRefundAccount: true }) },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const back = await decideOnConsentPage(created.body.payment.authentication.redirectUrl, 'sandbox-success', 'approve');
  expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
  const done = await eventually(
    () => gateway<{ payment: { status: string } }>(g, 'GET', `/v2/payments/${created.body.payment.id}`),
    (answer) => answer.body.payment.status.startsWith('INITIATION_') && !answer.body.payment.status.includes('PENDING'),
    'payment',
  );
  expect(done.body.payment.status).toBe('INITIATION_COMPLETED');
  return created.body.payment.id;
}

/** Webhook notifications received after `from`, of `event`. */
function notifications(from: number, event: string): ReceivedRequest[] {
  return receiver.requests.slice(from).filter((request) => request.headers['token-event'] === event);
}

const records = {
  webhookSecret: '',
  registrationId: '',
  tokenizedAccountId: '',
  tokenId: '',
  vrpConsentId: '',
  orderedPaymentId: '',
};

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  const bankConfig = await testConfig({ ADMIN_TOKEN, DATABASE_URL: databaseUrl });
  bank = await createSandboxBankProcess(bankConfig);
  await bank.app.listen(0, '127.0.0.1');
  port = await freePort();
  await receiver.start();
}, 60_000);

afterAll(async () => {
  await stop();
  await bank?.close();
  await receiver.stop();
});

describe('rotating the key-encryption key', () => {
  it('re-wraps every kind of sealed record, so each still works once the previous key is dropped', async () => {
    // 1. Under the first key: one record of every kind, through the gateway's routes.
    let g = await start(first, undefined);
    const created = await call<{ member: { id: string }; apiKey: string }>(
      `${g.adminUrl}/admin/members`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { name: 'Rotation TPP' },
    );
    expect(created.status).toBe(200);
    member = { id: created.body.member.id, auth: `Basic ${created.body.apiKey}` };

    const put = await gateway<{ secret: string }>(g, 'PUT', '/webhook/config', {
      config: { type: ['VRP_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'], url: receiver.url },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    records.webhookSecret = put.body.secret;

    const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
      `${g.sandboxUrl}/sandbox/registered-credentials/ob-sandbox-gb`,
      'POST',
      `Bearer ${ADMIN_TOKEN}`,
      { clientId: 'gateway-sandbox', username: 'refund-merchant' },
    );
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const { identification, name } = issued.body.account;
    const registered = await gateway<{ registration: { id: string } }>(g, 'POST', '/refund/registrations', {
      bankId: 'ob-sandbox-gb',
      debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name },
      credentials: { grant: issued.body.credential },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    records.registrationId = registered.body.registration.id;

    const tokenized = await gateway<{ tokenizedAccountId: string }>(g, 'POST', '/tokenized-accounts', {
      accountDetails: { iban: 'DE89370400440532013000', name: 'Erika Mustermann' },
    });
    expect(tokenized.status, JSON.stringify(tokenized.body)).toBe(200);
    records.tokenizedAccountId = tokenized.body.tokenizedAccountId;

    records.tokenId = await accessToken(g, member, 'ob-sandbox-gb', 'sandbox-success');

    const consent = await gateway<{ vrpConsent: { id: string; authentication: { redirectUrl: string } } }>(
      g,
      'POST',
      '/vrp-consents',
      {
        initiation: {
          bankId: 'ob-sandbox-gb',
          refId: `vrp-${randomBytes(4).toString('hex')}`,
          remittanceInformationPrimary: 'Sweep to savings',
          scheme: 'OBL_SWEEPING',
          localInstrument: 'FASTER_PAYMENTS',
          creditor: CREDITOR,
          currency: 'GBP',
          maximumIndividualAmount: '250.00',
          periodicLimits: [{ maximumAmount: '10000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
          callbackUrl: 'https://tpp.example/vrp/callback',
          callbackState: 'state-1',
        },
      },
    );
    expect(consent.status, JSON.stringify(consent.body)).toBe(200);
    const back = await decideOnConsentPage(
      consent.body.vrpConsent.authentication.redirectUrl,
      'sandbox-success',
      'approve',
    );
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(303);
    records.vrpConsentId = consent.body.vrpConsent.id;

    // A UK payment order whose answer the bank loses: its outcome check keeps the user's grant, sealed.
    const ordered = await gateway<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
      g,
      'POST',
      '/v2/payments',
      { initiation: ukInitiation({ amount: { value: '4.00', currency: 'GBP' } }) },
    );
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const returned = await decideOnConsentPage(
      ordered.body.payment.authentication.redirectUrl,
      'sandbox-success',
      'approve',
    );
    const faults = `${g.sandboxUrl}/sandbox/faults/ob-sandbox-gb`;
    expect(
      (await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, { lostAnswerRate: 1, only: ['domestic-payments'] })).status,
    ).toBe(200);
    try {
      expect((await call(returned.toString(), 'GET', undefined)).status).toBe(303);
    } finally {
      expect((await call(faults, 'PUT', `Bearer ${ADMIN_TOKEN}`, {})).status).toBe(200);
    }
    records.orderedPaymentId = ordered.body.payment.id;

    expectAllSealedUnder(await sealedValues(g), first);
    await stop();

    // 2. The second key current, the first still previous: two workers re-wrap at start, side by side.
    g = await start(second, first, 2);
    expectAllSealedUnder(await sealedValues(g), second);
    const again = new SealedRecordRewrap(
      g.api.api.get(SealedRecordRepository),
      new SecretBox(new LocalKms(second, [first])),
    );
    const reports = await again.run();
    expect(reports.map((report) => report.purpose).sort()).toEqual(
      SEALED_RECORD_KINDS.map((kind) => kind.purpose).sort(),
    );
    for (const report of reports) expect(report, report.purpose).toMatchObject({ rewrapped: 0, unreadable: [] });
    await stop();

    // 3. The first key dropped: every record still works.
    g = await start(second, undefined);
    const account = await gateway<{ accountDetails: Json }>(
      g,
      'GET',
      `/tokenized-accounts/${encodeURIComponent(records.tokenizedAccountId)}`,
    );
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    expect(account.body.accountDetails).toMatchObject({ iban: 'DE89370400440532013000', name: 'Erika Mustermann' });

    const accounts = await read<{ accounts: Json[] }>(g, member, records.tokenId, '/accounts', {
      ip: USER_IP,
      noCache: true,
    });
    expect(accounts.status, JSON.stringify(accounts.body)).toBe(200);
    expect(accounts.body.accounts.length).toBeGreaterThan(0);

    const seen = receiver.requests.length;
    const vrp = await gateway<{ payment: { id: string } }>(g, 'POST', '/v2/payments', {
      initiation: {
        vrpConsentId: records.vrpConsentId,
        refId: `r-${randomBytes(4).toString('hex')}`,
        remittanceInformationPrimary: 'Sweep to savings',
        amount: { value: '5.00', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: CREDITOR,
        callbackUrl: 'https://tpp.example/vrp/callback',
      },
    });
    expect(vrp.status, JSON.stringify(vrp.body)).toBe(200);
    const paid = await eventually(
      () => gateway<{ payment: { status: string } }>(g, 'GET', `/v2/payments/${vrp.body.payment.id}`),
      (answer) => !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(answer.body.payment.status),
      'VRP',
    );
    expect(paid.body.payment.status).toBe('INITIATION_COMPLETED');

    const paymentId = await completedPayment(g, '7.00');
    const refund = await gateway<{ refund: { id: string } }>(g, 'POST', '/refunds', {
      initiation: {
        refId: `rf-${randomBytes(4).toString('hex')}`,
        amount: { value: '3.00', currency: 'GBP' },
        originalPaymentId: paymentId,
        registrationId: records.registrationId,
        localInstrument: 'FASTER_PAYMENTS',
      },
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const refunded = await eventually(
      () => gateway<{ refund: { status: string } }>(g, 'GET', `/refunds/${encodeURIComponent(refund.body.refund.id)}`),
      (answer) => !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(answer.body.refund.status),
      'refund',
    );
    expect(refunded.body.refund.status).toBe('INITIATION_COMPLETED');

    // Webhooks of both, signed with the configuration's secret and the gateway's signing key.
    const delivered = await eventually(
      () =>
        Promise.resolve([
          ...notifications(seen, 'VRP_STATUS_CHANGED'),
          ...notifications(seen, 'REFUND_STATUS_CHANGED'),
        ]),
      (found) =>
        ['VRP_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'].every((event) =>
          found.some(
            (request) => request.headers['token-event'] === event && request.body.includes('INITIATION_COMPLETED'),
          ),
        ),
      'webhooks',
    );
    const jwks = remoteJwks(`${g.apiUrl}/.well-known/jwks.json`);
    for (const request of delivered) {
      await verifyWebhook({ body: request.body, headers: request.headers, jwks });
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
      );
      expect(new Webhook(records.webhookSecret).verify(request.body, headers)).toEqual(JSON.parse(request.body));
    }

    // The lost order is asked again with its grant, opened under the second key: the payment completes.
    const advanced = await call(`${g.adminUrl}/admin/clock/advance`, 'POST', `Bearer ${ADMIN_TOKEN}`, { seconds: 180 });
    expect(advanced.status).toBe(200);
    const askedAgain = await eventually(
      () => gateway<{ payment: { status: string } }>(g, 'GET', `/v2/payments/${records.orderedPaymentId}`),
      (answer) => answer.body.payment.status === 'INITIATION_COMPLETED',
      'payment order asked again',
    );
    expect(askedAgain.body.payment.status).toBe('INITIATION_COMPLETED');
    await stop();
  }, 240_000);
});
