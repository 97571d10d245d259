import fc from 'fast-check';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProgression, type PaymentRules } from '#libs/application';
import { SystemClock } from '#libs/common';
import { BankConnectors, BankHttpClient, ConnectorRegistry, createSecretResolver } from '#libs/connectors';
import { endedWithoutMoneyMoved, type PaymentStatus } from '#libs/domain';
import { testExtensions } from '../support/extensions.js';
import { browse } from '../support/hosted-forms.js';
import {
  TPP_CALLBACK,
  call,
  newMember,
  startGateway,
  waitForStatus,
  type TestGateway,
  type TestMember,
} from '../support/payments-gateway.js';
import { decideOnConsentPage } from './obie/consent-form.js';

type Json = Record<string, unknown>;
interface LinkBody extends Json {
  readonly id: string;
  readonly status: string;
  readonly url: string;
  readonly currentUsage?: { readonly remainingCount: number; readonly remainingAmount?: string };
}

let gateway: TestGateway;

function template(overrides: Json = {}): Json {
  return {
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    refId: 'ORDER-4711',
    remittanceInformationPrimary: 'ORDER 4711',
    callbackUrl: TPP_CALLBACK,
    ...overrides,
  };
}

async function createLink(member: TestMember, linkConfig: Json, overrides: Json = {}): Promise<LinkBody> {
  const answer = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links`, 'POST', member.auth, {
    paymentTemplate: template(overrides),
    linkConfig,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.paymentLink;
}

async function readLink(member: TestMember, id: string): Promise<LinkBody> {
  const answer = await call<{ paymentLink: LinkBody }>(`${gateway.apiUrl}/v2/payment-links/${id}`, 'GET', member.auth);
  expect(answer.status).toBe(200);
  return answer.body.paymentLink;
}

/** A payer presses the link page's button: 303 to the hosted bank selection, or 410 when the link takes no more. */
function useLink(url: string, form: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
}

beforeAll(async () => {
  gateway = await startGateway({ worker: true });
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

describe('a payment link under concurrent payers', () => {
  it('40 payers at once on one link: every payment stored, linked and counted, and other routes answer meanwhile', async () => {
    const member = await newMember(gateway);
    const link = await createLink(member, { maxUsageCount: 1000 });
    const latencies: number[] = [];
    const timedList = async (): Promise<void> => {
      const started = performance.now();
      const answer = await call(`${gateway.apiUrl}/v2/payments?limit=1`, 'GET', member.auth);
      latencies.push(performance.now() - started);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    const uses = Array.from({ length: 40 }, () => useLink(link.url));
    const reads = (async () => {
      for (let index = 0; index < 5; index += 1) await timedList();
    })();
    const answers = await Promise.all(uses);
    await reads;
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 303));
    // Other routes kept answering while the link's row was locked, one use after the other.
    expect(Math.max(...latencies)).toBeLessThan(2500);

    const counted = await readLink(member, link.id);
    expect(counted.status).toBe('LINK_ACTIVE');
    expect(counted.currentUsage).toEqual({ remainingCount: 960 });
    const stored = await gateway.api.stores.prisma.payment.findMany({ where: { paymentLinkId: link.id } });
    expect(stored).toHaveLength(40);
    // Each payment has its own use number.
    expect(new Set(stored.map((payment) => payment.refId)).size).toBe(40);
    const listed = await call<{ payments: Json[] }>(`${gateway.apiUrl}/v2/payments?limit=100`, 'GET', member.auth);
    expect(listed.body.payments).toHaveLength(40);
    expect(listed.body.payments.every((payment) => payment['paymentLinkStatus'] === 'LINK_ACTIVE')).toBe(true);
  }, 60_000);
});

describe('a payment that ends without the money moving gives its use back to its link', () => {
  it('a single-use link whose payment the bank rejects (sandbox-rejected) can be used again', async () => {
    const member = await newMember(gateway);
    const link = await createLink(member, { maxUsageCount: 1 });
    const first = await useLink(link.url);
    expect(first.status).toBe(303);
    const hosted = first.headers.get('location') ?? '';
    expect((await readLink(member, link.id)).status).toBe('USAGE_LIMIT_REACHED');
    expect((await useLink(link.url)).status).toBe(410);

    const chosen = await browse(hosted, { bankId: 'ob-sandbox-gb' });
    expect(chosen.status, chosen.html).toBe(303);
    const back = await decideOnConsentPage(chosen.location ?? '', 'sandbox-rejected', 'approve');
    expect((await call(back.toString(), 'GET', undefined)).status).toBe(303);
    const [payment] = await gateway.api.stores.prisma.payment.findMany({ where: { paymentLinkId: link.id } });
    const rejected = await waitForStatus(gateway, member, payment?.id ?? '', ['INITIATION_REJECTED']);
    expect(rejected['paymentLinkStatus']).toBe('LINK_ACTIVE');

    const given = await readLink(member, link.id);
    expect(given.status).toBe('LINK_ACTIVE');
    expect(given.currentUsage).toEqual({ remainingCount: 1 });
    const second = await useLink(link.url);
    expect(second.status).toBe(303);
    const both = await gateway.api.stores.prisma.payment.findMany({
      where: { paymentLinkId: link.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(both.map((p) => p.refId)).toEqual(['ORDER-471100001', 'ORDER-471100002']);
    expect((await readLink(member, link.id)).status).toBe('USAGE_LIMIT_REACHED');
  }, 60_000);

  const RULES: PaymentRules = {
    authorisationWindowMs: 900_000,
    bankDeadlineMs: 30_000,
    pollingMs: 30 * 86_400_000,
    defaultScheduleSeconds: [5, 60],
  };
  /** Where a payment made through a link may end up: moving money, not, maybe, or not yet. */
  const OUTCOMES: readonly PaymentStatus[] = [
    'INITIATION_COMPLETED',
    'INITIATION_PROCESSING',
    'INITIATION_REJECTED',
    'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
    'INITIATION_FAILED',
    'INITIATION_DECLINED',
    'INITIATION_EXPIRED',
    'INITIATION_NO_FINAL_STATUS_AVAILABLE',
    'CANCELED',
  ];
  type Step =
    | { readonly kind: 'use'; readonly amount: string }
    | { readonly kind: 'end'; readonly pick: number; readonly outcome: PaymentStatus };

  it('after any mix of uses and outcomes, the link counts exactly its payments that moved or may still move money', async () => {
    const member = await newMember(gateway);
    const prisma = gateway.api.stores.prisma;
    const progression = new PaymentProgression({
      prisma,
      clock: new SystemClock(),
      connectors: new BankConnectors(
        new ConnectorRegistry({
          http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
          secrets: createSecretResolver({}),
        }),
      ),
      rules: RULES,
      logger: pino({ level: 'silent' }),
      publicBaseUrl: gateway.apiUrl,
      extensions: testExtensions().payments,
    });
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('use' as const), amount: fc.constantFrom('5.00', '10.25', '20.00') }),
      fc.record({ kind: fc.constant('end' as const), pick: fc.nat(), outcome: fc.constantFrom(...OUTCOMES) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        const link = await createLink(
          member,
          { maxUsageCount: 3, totalAmountLimit: '40.00' },
          { amount: { currency: 'GBP' } },
        );
        for (const next of steps) {
          const before = await prisma.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
          if (next.kind === 'use') {
            const answer = await useLink(link.url, { amount: next.amount });
            const fits =
              before.usedCount < 3 && Number(before.usedAmount.toFixed(2)) + Number(next.amount) <= 40 + 1e-9;
            expect(answer.status, `${before.status} ${before.usedCount} ${before.usedAmount.toFixed(2)}`).toBe(
              fits ? 303 : 410,
            );
          } else {
            const open = await prisma.payment.findMany({
              where: { paymentLinkId: link.id, status: 'INITIATION_PENDING_REDIRECT_HP' },
              orderBy: { createdAt: 'asc' },
            });
            const chosen = open[next.pick % Math.max(1, open.length)];
            if (chosen !== undefined) {
              const moved = await progression.change(chosen.id, (_current, now) => ({
                status: next.outcome,
                updatedAt: now,
              }));
              expect(moved.kind).toBe('changed');
            }
          }
          const after = await prisma.paymentLink.findUniqueOrThrow({ where: { id: link.id } });
          const made = await prisma.payment.findMany({ where: { paymentLinkId: link.id } });
          const counting = made.filter((payment) => !endedWithoutMoneyMoved(payment.status));
          expect(after.usedCount).toBe(counting.length);
          const cents = counting.reduce((sum, payment) => sum + Math.round(Number(payment.amount) * 100), 0);
          expect(after.usedAmount.toFixed(2)).toBe((cents / 100).toFixed(2));
          expect(after.startedCount).toBe(made.length);
          const usedUp = after.usedCount >= 3;
          const amountUsed = Number(after.usedAmount) >= 40;
          expect(after.status).toBe(
            usedUp ? 'USAGE_LIMIT_REACHED' : amountUsed ? 'AMOUNT_LIMIT_REACHED' : 'LINK_ACTIVE',
          );
        }
      }),
      { numRuns: 6 },
    );
  }, 120_000);
});

describe('a pool with every connection busy', () => {
  let busy: TestGateway;

  beforeAll(async () => {
    busy = await startGateway({ env: { DATABASE_POOL_SIZE: '2', DATABASE_POOL_ACQUIRE_TIMEOUT_MS: '200' } });
  }, 60_000);

  afterAll(async () => {
    await busy?.close();
  });

  it('answers 503 UNAVAILABLE in the interface shape with Retry-After, and serves again once connections are free', async () => {
    const member = await newMember(busy);
    const url = `${busy.apiUrl}/v2/payments?limit=1`;
    expect((await call(url, 'GET', member.auth)).status).toBe(200);
    const pool = busy.api.stores.prisma.pool;
    const held = [await pool.connect(), await pool.connect()];
    try {
      const started = performance.now();
      const answer = await call<{ error: Json }>(url, 'GET', member.auth);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(answer.body.error['errorCode']).toBe('UNAVAILABLE');
      expect(answer.body.error['tokenTraceId']).toEqual(expect.any(String));
      expect(answer.headers.get('token-trace-id')).toBe(answer.body.error['tokenTraceId']);
    } finally {
      for (const client of held) client.release();
    }
    expect((await call(url, 'GET', member.auth)).status).toBe(200);
  }, 30_000);
});
