import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_QUEUES, type ConnectedConfig } from '#libs/common';
import { PrismaService } from '#libs/db';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { freePort } from '../support/free-port.js';
import { ADMIN_TOKEN, call, ukInitiation, type Answer } from '../support/payments-gateway.js';
import {
  BUILT_API as API,
  BUILT_WORKER as WORKER,
  type SpawnedProcess,
  envWithout,
  spawnBuilt,
} from '../support/spawned-process.js';
import { TEST_KEY_ENCRYPTION_KEY, baseUrl, testConfig } from '../support/test-env.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The period of each periodic job (its timers are due on these boundaries of the service clock). */
const PERIODIC: Readonly<Record<string, number>> = {
  'maintenance.purge-revoked-api-keys': DAY_MS,
  'maintenance.purge-webhook-history': DAY_MS,
  'maintenance.purge-idempotency-keys': HOUR_MS,
  'maintenance.purge-account-information': HOUR_MS,
  'banks.probe-status': 60_000,
};
const EVENT_TYPES = [
  'PAYMENT_STATUS_CHANGED',
  'VRP_STATUS_CHANGED',
  'VRP_CONSENT_STATUS_CHANGED',
  'REFUND_STATUS_CHANGED',
  'VIRTUAL_ACCOUNT_CREDIT_RECEIVED',
  'PAYOUT_STATUS_CHANGED',
  'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
];
const CREDITOR = { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' };
/** Resources of each kind per member. */
const SETTLED_PAYMENTS = 6;
const REFUNDED_PAYMENTS = 4;
const VRPS = 5;
const PROVIDER_CREDITS = 8;
const PAYOUTS = 4;

type Json = Record<string, unknown>;

interface Member {
  readonly name: string;
  readonly id: string;
  readonly auth: string;
  readonly receiver: WebhookReceiver;
  accountId: string;
  providerAccountId: string;
  registrationId: string;
}

/** A job BullMQ reported added to a queue. */
interface AddedJob {
  readonly queue: string;
  readonly jobId: string;
  readonly name: string;
}

async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await probe();
  while (!ok(value) && Date.now() < deadline) {
    await sleep(100);
    value = await probe();
  }
  return value;
}

/**
 * The deployment shape: two api processes and three worker processes on one Postgres and one
 * Redis (the sandbox bank beside them). Payments to settlement accounts and their credits,
 * refunds, VRPs, provider credits, payouts and settlement rule runs are driven through both apis
 * while one worker and then one api are killed with SIGKILL. Afterwards: every event reached its
 * member's endpoint (by `webhook-id`) once, a second copy only for an attempt the killed worker
 * had in flight; every timer firing was enqueued once (BullMQ's `added` events, watched from
 * here), and each periodic job ran once per period although three workers started at once; every
 * provider credit was booked once (row, ledger entry, event); the intake cursor never moved back.
 * Runs the built api and worker (`npm run build` first).
 */
describe('several api and worker replicas on one Postgres and Redis', () => {
  let config: ConnectedConfig;
  let bank: SandboxBankProcess;
  let prisma: PrismaService;
  const apis: Array<{ proc: SpawnedProcess; url: string; adminUrl: string; alive: boolean }> = [];
  const workers: SpawnedProcess[] = [];
  const queueEvents: QueueEvents[] = [];
  const added: AddedJob[] = [];
  /** Jobs BullMQ reported completed or failed, as `<queue>/<job id>`. */
  const finished = new Set<string>();
  const members: Member[] = [];
  let turn = 0;
  let workerKilledAt = Number.POSITIVE_INFINITY;
  const cursorSamples = new Map<string, string[]>();
  let sampling = true;

  /** The next live api, in turn: requests spread over both. */
  const nextApi = (): string => {
    const live = apis.filter((api) => api.alive);
    const api = live[turn++ % live.length];
    if (api === undefined) throw new Error('no api alive');
    return api.url;
  };
  const adminUrl = (): string => apis.find((api) => api.alive)?.adminUrl ?? '';
  /** The last lines the apis printed (errors only), for a failure's message. */
  const apiOutput = (): string => apis.map((api) => api.proc.output.slice(-3000)).join('\n---\n');
  const as = <T = Json>(member: Member, method: string, path: string, body?: unknown): Promise<Answer<T>> =>
    call<T>(`${nextApi()}${path}`, method, member.auth, body);
  /** Advances the service clock; answers the service time after the advance. */
  const advanceClock = async (seconds: number): Promise<Date> => {
    const answer = await call<{ now: string }>(`${adminUrl()}/admin/clock/advance`, 'POST', `Bearer ${ADMIN_TOKEN}`, {
      seconds,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return new Date(answer.body.now);
  };
  /**
   * Advances the service clock and waits until what fell due has run: every timer due by the new
   * time fired, and every timer or poll job added since then finished (webhooks are counted apart).
   */
  const advanceClockAndSettle = async (seconds: number): Promise<void> => {
    const from = added.length;
    const now = await advanceClock(seconds);
    const settled = await eventually(
      async () =>
        (await prisma.scheduledJob.count({ where: { dueAt: { lte: now } } })) === 0 &&
        added
          .slice(from)
          .filter((job) => job.queue !== 'webhooks')
          .every((job) => finished.has(`${job.queue}/${job.jobId}`)),
      (done) => done,
      60_000,
    );
    expect(settled, `what fell due by ${now.toISOString()} ran`).toBe(true);
  };

  /** Approves a consent at the sandbox bank and brings the user back through one of the apis. */
  const approve = async (redirectUrl: string): Promise<void> => {
    const back = await decideOnConsentPage(redirectUrl, 'sandbox-success', 'approve');
    const via = new URL(nextApi());
    back.host = via.host;
    const answer = await fetch(back, { redirect: 'manual' });
    expect(answer.status).toBe(303);
  };

  const paymentStatus = async (member: Member, id: string): Promise<string> => {
    const got = await as<{ payment: { status: string } }>(member, 'GET', `/v2/payments/${encodeURIComponent(id)}`);
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    return got.body.payment.status;
  };
  const waitForPayment = async (member: Member, id: string, statuses: readonly string[]): Promise<string> => {
    const status = await eventually(
      () => paymentStatus(member, id),
      (s) => statuses.includes(s),
      90_000,
    );
    if (!statuses.includes(status)) expect(statuses, await paymentTrail(id)).toContain(status);
    return status;
  };
  /** Where a payment that did not arrive stands: its row, its timer, its outcome check, its poll jobs. */
  const paymentTrail = async (id: string): Promise<string> => {
    const row = await prisma.payment.findUnique({
      where: { id },
      select: { status: true, bankPaymentId: true, pollCount: true, expiresAt: true, updatedAt: true },
    });
    const timer = await prisma.scheduledJob.findUnique({ where: { id: `payments.poll:${id}` } });
    const check = await prisma.outcomeCheck.findMany({ where: { resourceId: id } });
    const jobs = added
      .filter((job) => job.jobId.includes(id))
      .map((job) => `${job.queue}/${job.jobId} ${finished.has(`${job.queue}/${job.jobId}`) ? 'finished' : 'open'}`);
    return JSON.stringify(
      { id, now: new Date(), workerKilledAt: new Date(workerKilledAt), row, timer, check, jobs },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      2,
    );
  };

  /** Where a refund that did not end stands: its row, its timer, its outcome check, its jobs. */
  const refundTrail = async (id: string): Promise<string> => {
    const row = await prisma.refund.findUnique({
      where: { id },
      select: { status: true, bankTransactionId: true, pollCount: true, updatedAt: true },
    });
    const timers = await prisma.scheduledJob.findMany({ where: { id: { contains: id } } });
    const check = await prisma.outcomeCheck.findMany({ where: { resourceId: id } });
    const jobs = added
      .filter((job) => job.jobId.includes(id))
      .map((job) => `${job.queue}/${job.jobId} ${finished.has(`${job.queue}/${job.jobId}`) ? 'finished' : 'open'}`);
    return JSON.stringify(
      { id, now: new Date(), workerKilledAt: new Date(workerKilledAt), row, timers, check, jobs },
      (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
      2,
    );
  };

  /**
   * A worker killed while it sent something to the bank leaves the bank's answer unknown: the
   * resource's outcome check asks the bank again (same idempotency key) once the check's window
   * (the bank deadline and a grace) has passed. Moves the service clock past the windows of the
   * checks open now and waits until each has had its answer.
   */
  const askOpenChecksNow = async (): Promise<void> => {
    const open = await prisma.outcomeCheck.findMany({ where: { flaggedAt: null } });
    if (open.length === 0) return;
    const offset = await prisma.clockOffset.findUnique({ where: { id: 1 } });
    const serviceNow = Date.now() + Number(offset?.offsetMs ?? 0);
    const latest = Math.max(...open.map((check) => check.nextAskAt.getTime()));
    await advanceClockAndSettle(Math.max(1, Math.ceil((latest - serviceNow) / 1000) + 1));
    const ids = open.map((check) => check.resourceId);
    const left = await eventually(
      () => prisma.outcomeCheck.count({ where: { resourceId: { in: ids } } }),
      (count) => count === 0,
      60_000,
    );
    expect(left, `the outcome checks of ${ids.join(', ')} were answered`).toBe(0);
  };

  const spawnWorker = async (env: NodeJS.ProcessEnv): Promise<SpawnedProcess> =>
    spawnBuilt(WORKER, { ...env, WORKER_PORT: String(await freePort()) });

  beforeAll(async () => {
    expect(
      existsSync(API) && existsSync(WORKER),
      'run `npm run build` first: this test spawns the built processes',
    ).toBe(true);
    config = await testConfig({ ADMIN_TOKEN });
    bank = await createSandboxBankProcess(config);
    await bank.app.listen(0, '127.0.0.1');
    prisma = new PrismaService(config.databaseUrl, 3);
    const prefix = `replicas-${randomBytes(4).toString('hex')}`;
    const ports = [await freePort(), await freePort()];
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    const shared = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      ADMIN_TOKEN,
      SANDBOX_BANK_URL: baseUrl(bank.app),
      PUBLIC_BASE_URL: publicUrl,
      WEBHOOK_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '100000',
      RATE_LIMIT_WRITE_PER_MINUTE: '1000000',
      RATE_LIMIT_READ_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '1000',
      DATABASE_POOL_SIZE: '5',
      QUEUE_PREFIX: prefix,
      SCHEDULER_TICK_MS: '100',
      PAYMENT_POLL_SCHEDULE_SECONDS: '1',
      SETTLEMENT_CREDIT_READ_SECONDS: '1',
      SETTLEMENT_RECONCILE_INTERVAL_SECONDS: '3600',
      WEBHOOK_SWEEP_MS: '250',
      WEBHOOK_RECOVER_AFTER_MS: '2000',
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000',
    });

    // Watch every queue before any worker starts: each job added, by id.
    for (const queue of ALL_QUEUES) {
      const events = new QueueEvents(queue, { connection: { url: config.redisUrl }, prefix });
      events.on('added', ({ jobId, name }) => added.push({ queue, jobId, name }));
      events.on('completed', ({ jobId }) => finished.add(`${queue}/${jobId}`));
      events.on('failed', ({ jobId }) => finished.add(`${queue}/${jobId}`));
      await events.waitUntilReady();
      queueEvents.push(events);
    }

    for (const port of ports) {
      const admin = await freePort();
      const proc = spawnBuilt(API, { ...shared, PORT: String(port), ADMIN_PORT: String(admin) });
      apis.push({ proc, url: `http://127.0.0.1:${port}`, adminUrl: `http://127.0.0.1:${admin}`, alive: true });
    }
    // Three workers starting at once: each ensures the periodic jobs' timers.
    workers.push(...(await Promise.all([spawnWorker(shared), spawnWorker(shared), spawnWorker(shared)])));
    for (const api of apis) {
      const ready = await eventually(
        () =>
          fetch(`${api.url}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200,
        180_000,
      );
      expect(ready, api.proc.output.slice(-2000)).toBe(200);
    }

    // The two members, set up side by side.
    const setUp = ['a', 'b'].map(async (name) => {
      const created = await call<{ member: { id: string }; apiKey: string }>(
        `${adminUrl()}/admin/members`,
        'POST',
        `Bearer ${ADMIN_TOKEN}`,
        { name: `Replicas TPP ${name}` },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const receiver = new WebhookReceiver();
      await receiver.start();
      const member: Member = {
        name,
        id: created.body.member.id,
        auth: `Basic ${created.body.apiKey}`,
        receiver,
        accountId: '',
        providerAccountId: '',
        registrationId: '',
      };
      const put = await as(member, 'PUT', '/webhook/config', { config: { type: EVENT_TYPES, url: receiver.url } });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const opened = await as<{ virtualAccount: { accountId: string } }>(member, 'POST', '/virtual-accounts', {
        currency: 'GBP',
        country: 'GB',
        accountNickName: `Settlement ${name}`,
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      member.accountId = opened.body.virtualAccount.accountId;
      const stored = await prisma.settlementAccount.findUnique({ where: { id: member.accountId } });
      member.providerAccountId = stored?.providerAccountId ?? '';
      const issued = await call<{ credential: string; account: { identification: string; name: string } }>(
        `${baseUrl(bank.app)}/sandbox/registered-credentials/ob-sandbox-gb`,
        'POST',
        `Bearer ${ADMIN_TOKEN}`,
        { clientId: 'gateway-sandbox', username: `refund-merchant-${name}` },
      );
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
      const { identification, name: holder } = issued.body.account;
      const registered = await as<{ registration: { id: string } }>(member, 'POST', '/refund/registrations', {
        bankId: 'ob-sandbox-gb',
        debtor: { sortCode: identification.slice(0, 6), accountNumber: identification.slice(6), name: holder },
        credentials: { grant: issued.body.credential },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      member.registrationId = registered.body.registration.id;
      cursorSamples.set(member.accountId, []);
      return member;
    });
    members.push(...(await Promise.all(setUp)));

    // The intake cursor of each account, sampled through the run.
    void (async () => {
      while (sampling) {
        const rows = await prisma.settlementAccount.findMany({
          where: { id: { in: members.map((m) => m.accountId) } },
          select: { id: true, creditCursor: true },
        });
        for (const row of rows) {
          const samples = cursorSamples.get(row.id);
          if (row.creditCursor !== null && samples?.at(-1) !== row.creditCursor) samples?.push(row.creditCursor);
        }
        await sleep(50);
      }
    })();
  }, 300_000);

  afterAll(async () => {
    sampling = false;
    await Promise.all(apis.map((api) => api.proc.stop('SIGKILL', 5000).catch(() => undefined)));
    await Promise.all(workers.map((worker) => worker.stop('SIGKILL', 5000).catch(() => undefined)));
    await Promise.all(queueEvents.map((events) => events.close().catch(() => undefined)));
    await Promise.all(members.map((member) => member.receiver.stop()));
    await prisma?.$disconnect();
    await bank?.close();
  });

  /** Payments to the member's settlement account, approved; the provider credits each at once. */
  const settledPayments = async (member: Member): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < SETTLED_PAYMENTS; i += 1) {
      const created = await as<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
        member,
        'POST',
        '/v2/payments',
        {
          initiation: ukInitiation({
            amount: { value: `${10 + i}.50`, currency: 'GBP' },
            creditor: { virtualAccountId: member.accountId },
            remittanceInformationSecondary: 'thanks',
          }),
        },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await approve(created.body.payment.authentication.redirectUrl);
      ids.push(created.body.payment.id);
    }
    return ids;
  };

  /** Payments completed at the bank, each then refunded in part. */
  const refunds = async (member: Member): Promise<string[]> => {
    const paymentIds: string[] = [];
    for (let i = 0; i < REFUNDED_PAYMENTS; i += 1) {
      const created = await as<{ payment: { id: string; authentication: { redirectUrl: string } } }>(
        member,
        'POST',
        '/v2/payments',
        { initiation: ukInitiation({ amount: { value: '20.00', currency: 'GBP' }, returnRefundAccount: true }) },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      await approve(created.body.payment.authentication.redirectUrl);
      paymentIds.push(created.body.payment.id);
    }
    const refundIds: string[] = [];
    for (const paymentId of paymentIds) {
      await waitForPayment(member, paymentId, ['INITIATION_COMPLETED']);
      const refunded = await as<{ refund: { id: string } }>(member, 'POST', '/refunds', {
        initiation: {
          refId: `rf-${randomBytes(4).toString('hex')}`,
          amount: { value: '5.00', currency: 'GBP' },
          originalPaymentId: paymentId,
          registrationId: member.registrationId,
          localInstrument: 'FASTER_PAYMENTS',
        },
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      refundIds.push(refunded.body.refund.id);
    }
    return refundIds;
  };

  /** A sweeping consent, approved, and VRPs under it. */
  const vrps = async (member: Member): Promise<string[]> => {
    const created = await as<{ vrpConsent: { id: string; authentication: { redirectUrl: string } } }>(
      member,
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
    expect(created.status, `${JSON.stringify(created.body)}\n${apiOutput()}`).toBe(200);
    await approve(created.body.vrpConsent.authentication.redirectUrl);
    const ids: string[] = [];
    for (let i = 0; i < VRPS; i += 1) {
      const paid = await as<{ payment: { id: string } }>(member, 'POST', '/v2/payments', {
        initiation: {
          vrpConsentId: created.body.vrpConsent.id,
          refId: `r-${randomBytes(4).toString('hex')}`,
          remittanceInformationPrimary: 'Sweep to savings',
          amount: { value: `${i + 1}.00`, currency: 'GBP' },
          localInstrument: 'FASTER_PAYMENTS',
          creditor: CREDITOR,
          callbackUrl: 'https://tpp.example/vrp/callback',
        },
      });
      expect(paid.status, `${JSON.stringify(paid.body)}\n${apiOutput()}`).toBe(200);
      ids.push(paid.body.payment.id);
    }
    return ids;
  };

  /** Credits the provider books on the member's account by itself (its admin API). */
  const providerCredits = async (member: Member): Promise<void> => {
    for (let i = 0; i < PROVIDER_CREDITS; i += 1) {
      const booked = await fetch(
        `${baseUrl(bank.app)}/sandbox/settlement/accounts/${member.providerAccountId}/credits`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            amount: { value: '25.00', currency: 'GBP' },
            refId: `in-${randomBytes(4).toString('hex')}`,
            description: 'Payin',
            debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
          }),
        },
      );
      expect(booked.status).toBe(201);
      await sleep(100);
    }
  };

  const balance = async (member: Member): Promise<number> => {
    const row = await prisma.settlementAccount.findUnique({ where: { id: member.accountId } });
    return Number(row?.availableBalance ?? 0);
  };

  it('drives every kind of work through 2 apis and 3 workers, kill -9 of one worker and one api, and nothing is doubled', async () => {
    // Phase 1, through both apis; one worker dies while it works.
    const killer = (async () => {
      await sleep(4000);
      const victim = workers[0];
      workerKilledAt = Date.now();
      expect(await victim?.stop('SIGKILL', 30_000)).toBe('SIGKILL');
    })();
    const phase1 = await Promise.all(
      members.map(async (member) => {
        const [settled, refundIds, vrpIds] = await Promise.all([
          settledPayments(member),
          refunds(member),
          vrps(member),
          providerCredits(member),
        ]);
        return { member, settled, refundIds, vrpIds };
      }),
    );
    await killer;
    for (const { member, settled, vrpIds } of phase1) {
      for (const id of settled) await waitForPayment(member, id, ['SETTLEMENT_COMPLETED']);
      for (const id of vrpIds) await waitForPayment(member, id, ['INITIATION_COMPLETED']);
    }

    // Refunds end before the clock moves on by days (the bank's answers, not a lapse of days). A
    // refund the killed worker was sending has an open outcome check: its bank answer is asked for
    // once the check's window has passed, which the clock is moved past.
    await askOpenChecksNow();
    for (const { member, refundIds } of phase1)
      for (const id of refundIds) {
        const done = await eventually(
          () => as<{ refund: { status: string } }>(member, 'GET', `/refunds/${encodeURIComponent(id)}`),
          (got) => !['INITIATION_PENDING', 'INITIATION_PROCESSING'].includes(got.body.refund.status),
          60_000,
        );
        if (done.body.refund.status !== 'INITIATION_COMPLETED')
          expect(done.body.refund.status, await refundTrail(id)).toBe('INITIATION_COMPLETED');
      }

    // One api dies; the rest goes through the other.
    const [, second] = apis;
    expect(await second?.proc.stop('SIGKILL', 30_000)).toBe('SIGKILL');
    if (second !== undefined) second.alive = false;

    // Phase 2: the accounts hold the credits; payouts and a daily settlement rule each.
    for (const member of members) {
      const expected =
        PROVIDER_CREDITS * 25 + Array.from({ length: SETTLED_PAYMENTS }, (_, i) => 10.5 + i).reduce((a, b) => a + b);
      expect(
        await eventually(
          () => balance(member),
          (b) => b === expected,
          60_000,
        ),
      ).toBe(expected);
    }
    const payoutIds = new Map<string, string[]>();
    for (const member of members) {
      const ids: string[] = [];
      for (let i = 0; i < PAYOUTS; i += 1) {
        const created = await as<{ payout: { id: string } }>(member, 'POST', '/payouts', {
          initiation: {
            description: `Payout ${i}`,
            refId: `po-${randomBytes(4).toString('hex')}`,
            amount: { value: '7.00', currency: 'GBP' },
            debtor: { accountId: member.accountId },
            creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
          },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        ids.push(created.body.payout.id);
      }
      payoutIds.set(member.id, ids);
      const rule = await as<{ settlementRuleId: string }>(
        member,
        'POST',
        `/virtual-accounts/${member.accountId}/settlement-rule`,
        {
          accountId: member.accountId,
          payeeAccountDetails: { name: 'Merchant Ltd', sortCode: '04-00-04', accountNumber: '12345678' },
          amountType: 'FIXED_VALUE',
          amountValue: '3.00',
          timeInterval: 'DAILY',
          intradayIntervalHours: 0,
          description: 'Daily payout',
        },
      );
      expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    }
    // Two days on the test clock, a step at a time: rule runs, payout polls, the periodic jobs' boundaries.
    for (let step = 0; step < 8; step += 1) await advanceClockAndSettle(6 * 3600);
    const payoutsFinal = async (): Promise<number> =>
      prisma.payout.count({
        where: {
          memberId: { in: members.map((m) => m.id) },
          status: { notIn: ['INITIATION_COMPLETED', 'INITIATION_REJECTED', 'INITIATION_FAILED'] },
        },
      });
    await eventually(
      async () => {
        const open = await payoutsFinal();
        if (open > 0) await advanceClock(20);
        return open;
      },
      (open) => open === 0,
      60_000,
    );
    expect(await payoutsFinal()).toBe(0);
    for (const ids of payoutIds.values())
      expect(await prisma.payout.count({ where: { id: { in: ids }, status: 'INITIATION_COMPLETED' } })).toBe(PAYOUTS);
    // Each rule ran once per scheduled time, and each run paid once.
    const ruleRuns = await prisma.settlementRulePayout.findMany({
      where: { memberId: { in: members.map((m) => m.id) } },
    });
    expect(ruleRuns.length).toBeGreaterThanOrEqual(2 * members.length);
    expect(new Set(ruleRuns.map((run) => `${run.ruleId}@${run.scheduledFor.toISOString()}`)).size).toBe(
      ruleRuns.length,
    );
    const rulePayouts = await prisma.payout.findMany({ where: { settlementRuleId: { not: null } } });
    expect(rulePayouts.map((p) => p.id).sort()).toEqual(
      ruleRuns
        .map((run) => run.payoutId)
        .filter((id) => id !== null)
        .sort(),
    );
    // Every webhook delivered: nothing open, then what each endpoint saw.
    const open = await eventually(
      () => prisma.webhookDelivery.count({ where: { status: { not: 'DELIVERED' } } }),
      (count) => count === 0,
      60_000,
    );
    expect(open).toBe(0);
    expect(
      await eventually(
        () => prisma.outboxEvent.count({ where: { relayedAt: null } }),
        (count) => count === 0,
        10_000,
      ),
    ).toBe(0);
    for (const member of members) {
      const events = await prisma.outboxEvent.findMany({
        where: { memberId: member.id, eventType: { in: EVENT_TYPES } },
        select: { id: true, eventType: true },
      });
      const kinds = new Set(events.map((event) => event.eventType));
      for (const kind of EVENT_TYPES.filter((type) => type !== 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED'))
        expect(kinds, `${member.name} had ${kind} events`).toContain(kind);
      expect(await prisma.webhookDelivery.count({ where: { memberId: member.id } })).toBe(events.length);
      const copies = new Map<string, number[]>();
      for (const request of member.receiver.requests) {
        const id = String(request.headers['webhook-id']);
        copies.set(id, [...(copies.get(id) ?? []), request.receivedAtMs]);
      }
      expect([...copies.keys()].sort(), `${member.name}: events received`).toEqual(
        events.map((event) => event.id).sort(),
      );
      // Each copy an endpoint received is an attempt the gateway recorded (a timed-out attempt is
      // retried), but for one attempt the killed worker had sent without recording its answer.
      const deliveries = await prisma.webhookDelivery.findMany({
        where: { memberId: member.id },
        select: { eventId: true, _count: { select: { attempts: true } } },
      });
      const attempts = new Map(deliveries.map((delivery) => [delivery.eventId, delivery._count.attempts]));
      for (const [id, times] of copies) {
        const recorded = attempts.get(id) ?? 0;
        const lostWithTheWorker = (times[0] ?? 0) <= workerKilledAt + 1000 ? 1 : 0;
        expect(times.length, `${member.name}: copies of ${id}`).toBeLessThanOrEqual(recorded + lostWithTheWorker);
      }
    }

    // Every credit booked once: one CREDIT row, ledger entry and event per provider credit.
    for (const member of members) {
      const credits = await prisma.settlementTransaction.findMany({
        where: { accountId: member.accountId, transactionType: 'CREDIT' },
      });
      expect(credits).toHaveLength(PROVIDER_CREDITS + SETTLED_PAYMENTS);
      expect(new Set(credits.map((c) => c.providerPaymentId)).size).toBe(credits.length);
      const entries = await prisma.settlementLedgerEntry.findMany({
        where: { accountId: member.accountId, kind: 'CREDIT' },
      });
      expect(entries.map((e) => e.sourceId).sort()).toEqual(credits.map((c) => c.id).sort());
      const creditEvents = await prisma.outboxEvent.findMany({
        where: { memberId: member.id, eventType: 'VIRTUAL_ACCOUNT_CREDIT_RECEIVED' },
      });
      const eventCredits = creditEvents.map(
        (event) =>
          (JSON.parse(event.body) as { virtualAccountCreditReceived: { providerPaymentId: string } })
            .virtualAccountCreditReceived.providerPaymentId,
      );
      expect(eventCredits.sort()).toEqual(credits.map((c) => c.providerPaymentId).sort());
    }

    // The intake cursor only moved forward (the sandbox's cursors encode the position handed out).
    sampling = false;
    for (const member of members) {
      const positions = (cursorSamples.get(member.accountId) ?? []).map((cursor) =>
        Buffer.from(cursor, 'base64url')
          .toString('utf8')
          .split('.')
          .map((part) => BigInt(part)),
      );
      expect(positions.length).toBeGreaterThan(0);
      for (let i = 1; i < positions.length; i += 1) {
        const [before = 0n, beforeSeq = 0n] = positions[i - 1] ?? [];
        const [after = 0n, afterSeq = 0n] = positions[i] ?? [];
        expect(after > before || (after === before && afterSeq > beforeSeq), `cursor ${i} of ${member.name}`).toBe(
          true,
        );
      }
    }

    // Every timer fired once per due time: no job id added twice to any queue...
    const byId = new Map<string, number>();
    for (const job of added) byId.set(`${job.queue}/${job.jobId}`, (byId.get(`${job.queue}/${job.jobId}`) ?? 0) + 1);
    expect([...byId].filter(([, count]) => count > 1)).toEqual([]);
    // ... and each periodic job ran once per period, from the start of three workers at once on.
    for (const [name, periodMs] of Object.entries(PERIODIC)) {
      const periods = added
        .filter((job) => job.name === name && !job.jobId.includes('+follow-up'))
        .map((job) => Math.floor(Number(job.jobId.slice(job.jobId.lastIndexOf('@') + 1)) / periodMs));
      expect(periods.length, `${name} ran`).toBeGreaterThan(0);
      // Exactly once: a worker starting while a fired run is queued or running finds the next
      // period's timer, written when the run's timer fired.
      expect([...new Set(periods)], `${name}: runs per period ${JSON.stringify(periods)}`).toEqual(periods);
      // One chain: one periodic timer ahead (none only while a fired one is running).
      const ahead = await eventually(
        async () =>
          (await prisma.scheduledJob.findMany({ where: { jobName: name } })).filter(
            (row) => !row.id.includes('+follow-up'),
          ),
        (rows) => rows.length === 1,
        5000,
      );
      expect(ahead, `${name} timers`).toHaveLength(1);
    }
  }, 400_000);
});
