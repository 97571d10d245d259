import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankDeadlineExceededError,
  BankHttpClient,
  BankRejectedError,
  BankUnavailableError,
  ConnectorRegistry,
  ObieConnector,
  createSecretResolver,
  type BankCallContext,
  type PaymentInitiation,
  type PaymentProgress,
  type StandingOrderInitiation,
} from '#libs/connectors';
import { SharedClock, closeDataStores, openDataStores, type DataStores } from '#libs/db';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { SANDBOX_BANKS } from '../../apps/sandbox-bank/src/banks/sandbox-bank-definition.js';
import { SandboxClock } from '../../apps/sandbox-bank/src/store/sandbox-clock.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';
import { sandboxEntry } from './obie/sandbox-catalogue.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const CALLBACK = 'https://gateway.example/callback';
const CIBA_DELAY_MS = 400;

let bank: SandboxBankProcess;
/** The gateway's side of the shared sandbox clock (its admin API moves time through it). */
let gateway: DataStores;
let sandboxUrl: string;
let redirectBank: ObieConnector;
let decoupledBank: ObieConnector;

const ctx = (bankId = 'ob-sandbox-gb', deadlineInMs = 10_000): BankCallContext => ({
  bankId,
  deadlineMs: Date.now() + deadlineInMs,
  traceId: randomUUID().replace(/-/g, ''),
});

function connectorFor(id: 'ob-sandbox-gb' | 'ob-sandbox-gb-decoupled'): ObieConnector {
  const http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
  return new ObieConnector(sandboxEntry(id, sandboxUrl), { http, secrets: createSecretResolver({}) });
}

function initiation(overrides: Partial<PaymentInitiation> = {}): PaymentInitiation {
  const id = randomUUID();
  return {
    paymentId: id,
    refId: `ref-${id.slice(0, 8)}`,
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: {
      name: 'Merchant Ltd',
      identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '12345678' },
    },
    remittanceInformationPrimary: `INV-${id.slice(0, 6)}`,
    redirectUri: CALLBACK,
    state: randomUUID(),
    nonce: randomUUID(),
    ...overrides,
  };
}

async function setFaults(bankId: string, latencyMs: number, errorRate: number): Promise<void> {
  const response = await fetch(`${sandboxUrl}/sandbox/faults/${bankId}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latencyMs, errorRate }),
  });
  expect(response.status).toBe(200);
}

/** Consent, the user's decision on the bank's page, and the way back to the connector. */
async function payByRedirect(
  connector: ObieConnector,
  username: string,
  decision: 'approve' | 'deny' = 'approve',
  overrides: Partial<PaymentInitiation> = {},
): Promise<{ payment: PaymentInitiation; progress: PaymentProgress }> {
  const payment = initiation(overrides);
  const started = await connector.initiatePayment(ctx(), payment);
  expect(started.outcome).toBe('AWAITING_AUTHORISATION');
  expect(started.bankStatus).toBe('AwaitingAuthorisation');
  if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
  const back = await decideOnConsentPage(started.next.redirectUrl, username, decision);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(payment.state);
  const params = Object.fromEntries(back.searchParams);
  const progress = await connector.completeRedirect(ctx(), {
    handle: started.handle,
    params,
    redirectUri: CALLBACK,
    initiation: payment,
  });
  return { payment, progress };
}

async function poll(
  connector: ObieConnector,
  payment: PaymentInitiation,
  progress: PaymentProgress,
): Promise<PaymentProgress> {
  return connector.getPaymentStatus(ctx(), progress.handle, payment);
}

beforeAll(async () => {
  const config = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(config, {
    banks: SANDBOX_BANKS.map((definition) => ({ ...definition, cibaApprovalDelayMs: CIBA_DELAY_MS })),
  });
  await bank.app.listen(0, '127.0.0.1');
  gateway = await openDataStores(config, { service: 'test-gateway', poolSize: 1 });
  sandboxUrl = baseUrl(bank.app);
  redirectBank = connectorFor('ob-sandbox-gb');
  decoupledBank = connectorFor('ob-sandbox-gb-decoupled');
});

afterAll(async () => {
  await closeDataStores(gateway);
  await bank.close();
});

describe('OBIE connector against the sandbox bank: single payments by redirect', () => {
  it('sandbox-success: consent, approval on the bank page, code exchange, submission: AcceptedSettlementCompleted', async () => {
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-success');
    expect(progress).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'AcceptedSettlementCompleted',
      next: { kind: 'none' },
    });
    expect(progress.handle.bankPaymentId).toMatch(/^DP-/);
    expect(progress.debtor).toMatchObject({ name: 'sandbox-success', identifier: { type: 'gbDomestic' } });
    expect(await poll(redirectBank, payment, progress)).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'AcceptedSettlementCompleted',
    });
  });

  it('sends an authorize URL with a request object naming the consent', async () => {
    const started = await redirectBank.initiatePayment(ctx(), initiation());
    if (started.next.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(started.next.redirectUrl);
    expect(url.pathname).toBe('/banks/ob-sandbox-gb/as/authorize');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'gateway-sandbox',
      response_type: 'code',
      redirect_uri: CALLBACK,
      scope: 'openid payments',
    });
    const claims = JSON.parse(
      Buffer.from(url.searchParams.get('request')?.split('.')[1] ?? '', 'base64url').toString('utf8'),
    ) as { claims: { id_token: { openbanking_intent_id: { value: string } } } };
    expect(claims.claims.id_token.openbanking_intent_id.value).toBe(started.handle.bankConsentId);
  });

  it('sandbox-insufficient-funds: Rejected with the funds reason', async () => {
    const { progress } = await payByRedirect(redirectBank, 'sandbox-insufficient-funds');
    expect(progress).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'Rejected' });
    expect(progress.statusReason).toContain('AM04');
  });

  it('sandbox-insufficient-funds with funds confirmation: refused before any payment order', async () => {
    const { progress } = await payByRedirect(redirectBank, 'sandbox-insufficient-funds', 'approve', {
      confirmFunds: true,
    });
    expect(progress).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'Authorised' });
    expect(progress.handle.bankPaymentId).toBeUndefined();
  });

  it('sandbox-rejected: Rejected by the bank', async () => {
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-rejected');
    expect(progress).toMatchObject({ outcome: 'REJECTED', bankStatus: 'Rejected' });
    expect(await poll(redirectBank, payment, progress)).toMatchObject({ outcome: 'REJECTED' });
  });

  it('sandbox-slow: Pending for three status polls, then completed', async () => {
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-slow');
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'Pending' });
    const seen: string[] = [];
    for (let read = 0; read < 4; read += 1) seen.push((await poll(redirectBank, payment, progress)).bankStatus);
    expect(seen).toEqual(['Pending', 'Pending', 'Pending', 'AcceptedSettlementCompleted']);
  });

  it('sandbox-no-final-status: Pending however often it is read', async () => {
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-no-final-status');
    for (let read = 0; read < 6; read += 1)
      expect(await poll(redirectBank, payment, progress)).toMatchObject({ outcome: 'PENDING', bankStatus: 'Pending' });
  });

  it('a user who presses deny: error=access_denied comes back, the consent is Rejected', async () => {
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-success', 'deny');
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'Rejected' });
    expect(progress.handle.bankPaymentId).toBeUndefined();
    expect(await poll(redirectBank, payment, progress)).toMatchObject({ outcome: 'REJECTED', bankStatus: 'Rejected' });
  });

  it('sandbox-bank-error: the bank answers 500 after authorisation -> BankUnavailableError (external)', async () => {
    const error = await payByRedirect(redirectBank, 'sandbox-bank-error').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect(error).toMatchObject({ status: 500, external: true, bankStatusCode: 500, code: 'BankInternalError' });
  });

  it('refuses a callback whose state belongs to another payment', async () => {
    const payment = initiation();
    const started = await redirectBank.initiatePayment(ctx(), payment);
    await expect(
      redirectBank.completeRedirect(ctx(), {
        handle: started.handle,
        params: { code: 'x', state: 'someone-else' },
        redirectUri: CALLBACK,
        initiation: payment,
      }),
    ).rejects.toMatchObject({
      code: 'InvalidArgument',
    });
  });
});

describe('OBIE connector against the sandbox bank: explicit redemption (authorise now, submit later)', () => {
  async function authorise(username: string, decision: 'approve' | 'deny', overrides: Partial<PaymentInitiation> = {}) {
    const payment = initiation(overrides);
    const started = await redirectBank.initiatePayment(ctx(), payment);
    if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
    const back = await decideOnConsentPage(started.next.redirectUrl, username, decision);
    const redemption = redirectBank.explicitRedemption;
    const authorisation = await redemption.authoriseRedirect(ctx(), {
      handle: started.handle,
      params: Object.fromEntries(back.searchParams),
      redirectUri: CALLBACK,
      initiation: payment,
    });
    return { payment, started, authorisation };
  }

  it('authorises without submitting; the payment submitted later with the grant reaches its final status', async () => {
    const { payment, started, authorisation } = await authorise('sandbox-slow', 'approve');
    if (authorisation.kind !== 'authorised') throw new Error(`expected authorised, got ${authorisation.kind}`);
    expect(authorisation.grant).not.toBe('');
    // Nothing submitted yet: the consent is Authorised and no payment order exists.
    expect(await poll(redirectBank, payment, { ...started, next: { kind: 'none' } })).toMatchObject({
      outcome: 'PENDING',
      bankStatus: 'Authorised',
    });
    const submitted = await redirectBank.explicitRedemption.submitAuthorised(
      ctx(),
      started.handle,
      payment,
      authorisation.grant,
    );
    expect(submitted).toMatchObject({ outcome: 'PENDING', bankStatus: 'Pending', next: { kind: 'none' } });
    expect(submitted.handle).toMatchObject({ bankConsentId: started.handle.bankConsentId });
    expect(submitted.handle.bankPaymentId).toMatch(/^DP-/);
    const seen: string[] = [];
    for (let read = 0; read < 4; read += 1) seen.push((await poll(redirectBank, payment, submitted)).bankStatus);
    expect(seen).toEqual(['Pending', 'Pending', 'Pending', 'AcceptedSettlementCompleted']);
    // The consent is used up: the same grant cannot pay twice under another order id.
    await expect(
      redirectBank.explicitRedemption.submitAuthorised(
        ctx(),
        started.handle,
        { ...payment, paymentId: randomUUID() },
        authorisation.grant,
      ),
    ).rejects.toBeInstanceOf(BankRejectedError);
  });

  it('submits with a funds check when asked: insufficient funds refuses before any payment order', async () => {
    const { payment, started, authorisation } = await authorise('sandbox-insufficient-funds', 'approve', {
      confirmFunds: true,
    });
    if (authorisation.kind !== 'authorised') throw new Error('expected authorised');
    const submitted = await redirectBank.explicitRedemption.submitAuthorised(
      ctx(),
      started.handle,
      payment,
      authorisation.grant,
    );
    expect(submitted).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'Authorised' });
    expect(submitted.handle.bankPaymentId).toBeUndefined();
  });

  it('a scheduled payment: authorised now, submitted later as a scheduled payment order', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { payment, started, authorisation } = await authorise('sandbox-success', 'approve', {
      executionDate: tomorrow,
    });
    if (authorisation.kind !== 'authorised') throw new Error('expected authorised');
    const submitted = await redirectBank.explicitRedemption.submitAuthorised(
      ctx(),
      started.handle,
      payment,
      authorisation.grant,
    );
    expect(submitted).toMatchObject({ outcome: 'PENDING', bankStatus: 'InitiationPending' });
    expect(submitted.handle.bankPaymentId).toMatch(/^DSP-/);
  });

  it('a refused consent: refused with the progress completeRedirect reports (DECLINED, Rejected)', async () => {
    const { payment, authorisation } = await authorise('sandbox-success', 'deny');
    if (authorisation.kind !== 'refused') throw new Error('expected refused');
    expect(authorisation.progress).toMatchObject({
      outcome: 'DECLINED',
      bankStatus: 'Rejected',
      next: { kind: 'none' },
    });
    expect(authorisation.progress.statusReason).toBe('The user denied the request.');
    expect(authorisation.progress.handle.bankPaymentId).toBeUndefined();
    expect(await poll(redirectBank, payment, authorisation.progress)).toMatchObject({ outcome: 'REJECTED' });
  });

  it('refuses a callback whose state belongs to another payment', async () => {
    const payment = initiation();
    const started = await redirectBank.initiatePayment(ctx(), payment);
    await expect(
      redirectBank.explicitRedemption.authoriseRedirect(ctx(), {
        handle: started.handle,
        params: { code: 'x', state: 'someone-else' },
        redirectUri: CALLBACK,
        initiation: payment,
      }),
    ).rejects.toMatchObject({ code: 'InvalidArgument' });
  });
});

describe('OBIE connector against the sandbox bank: domestic standing orders', () => {
  const isoDay = (daysAhead: number): string =>
    new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

  function standingOrder(overrides: Partial<StandingOrderInitiation> = {}): StandingOrderInitiation {
    const id = randomUUID();
    return {
      standingOrderId: id,
      refId: `so-${id.slice(0, 8)}`,
      amount: { value: '75.00', currency: 'GBP' },
      frequency: 'MNTH',
      startDate: isoDay(3),
      endDate: isoDay(400),
      localInstrument: 'FASTER_PAYMENTS',
      creditor: {
        name: 'Landlord Ltd',
        identifier: { type: 'gbDomestic', sortCode: '040004', accountNumber: '87654321' },
      },
      remittanceReference: 'FLAT 4 RENT',
      redirectUri: CALLBACK,
      state: randomUUID(),
      nonce: randomUUID(),
      ...overrides,
    };
  }

  async function setUp(
    username: string,
    decision: 'approve' | 'deny' = 'approve',
    overrides: Partial<StandingOrderInitiation> = {},
  ): Promise<{ order: StandingOrderInitiation; progress: PaymentProgress }> {
    const order = standingOrder(overrides);
    const started = await redirectBank.createStandingOrder(ctx(), order);
    expect(started).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', bankStatus: 'AwaitingAuthorisation' });
    if (started.next.kind !== 'redirect') throw new Error(`expected a redirect, got ${started.next.kind}`);
    expect(await redirectBank.getStandingOrderStatus(ctx(), started.handle, order)).toMatchObject({
      outcome: 'AWAITING_AUTHORISATION',
    });
    const back = await decideOnConsentPage(started.next.redirectUrl, username, decision);
    expect(back.searchParams.get('state')).toBe(order.state);
    const progress = await redirectBank.completeStandingOrderRedirect(ctx(), {
      handle: started.handle,
      params: Object.fromEntries(back.searchParams),
      redirectUri: CALLBACK,
      initiation: order,
    });
    return { order, progress };
  }

  async function bankConsent(consentId: string): Promise<Record<string, unknown>> {
    const token = await fetch(`${sandboxUrl}/banks/ob-sandbox-gb/as/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('gateway-sandbox:sandbox-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'payments' }),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const read = await fetch(
      `${sandboxUrl}/banks/ob-sandbox-gb/open-banking/v3.1/pisp/domestic-standing-order-consents/${consentId}`,
      { headers: { authorization: `Bearer ${accessToken}`, 'x-fapi-financial-id': '001580000SANDBOXGB' } },
    );
    expect(read.status).toBe(200);
    return ((await read.json()) as { Data: Record<string, unknown> }).Data;
  }

  it('sandbox-success: consent, approval, standing order submitted: InitiationCompleted, with the OBIE fields', async () => {
    const { order, progress } = await setUp('sandbox-success');
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'InitiationCompleted', next: { kind: 'none' } });
    expect(progress.handle.bankPaymentId).toMatch(/^DSO-/);
    expect(progress.debtor).toMatchObject({ name: 'sandbox-success' });
    const consent = await bankConsent(progress.handle.bankConsentId);
    expect(consent).toMatchObject({
      Status: 'Consumed',
      Permission: 'Create',
      Initiation: {
        Frequency: `IntrvlMnthDay:01:${order.startDate.slice(8, 10)}`,
        Reference: 'FLAT 4 RENT',
        FirstPaymentDateTime: `${order.startDate}T00:00:00+00:00`,
        FinalPaymentDateTime: `${order.endDate ?? ''}T00:00:00+00:00`,
        FirstPaymentAmount: { Amount: '75.00', Currency: 'GBP' },
        RecurringPaymentAmount: { Amount: '75.00', Currency: 'GBP' },
        CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '04000487654321' },
      },
    });
    expect(await redirectBank.getStandingOrderStatus(ctx(), progress.handle, order)).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'InitiationCompleted',
    });
  });

  it("a weekly order from a named account: IntrvlWkDay on the first payment's weekday, DebtorAccount sent", async () => {
    // 2030-01-07 is a Monday.
    const { progress } = await setUp('sandbox-slow', 'approve', {
      frequency: 'WEEK',
      startDate: '2030-01-07',
      endDate: undefined,
    });
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'InitiationPending' });
    const consent = await bankConsent(progress.handle.bankConsentId);
    expect(consent['Initiation']).toMatchObject({ Frequency: 'IntrvlWkDay:01:01' });
    expect(consent['Initiation']).not.toHaveProperty('FinalPaymentDateTime');
  });

  it('sandbox-slow: InitiationPending for three reads, then InitiationCompleted', async () => {
    const { order, progress } = await setUp('sandbox-slow');
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'InitiationPending' });
    const seen: string[] = [];
    for (let read = 0; read < 4; read += 1)
      seen.push((await redirectBank.getStandingOrderStatus(ctx(), progress.handle, order)).bankStatus);
    expect(seen).toEqual(['InitiationPending', 'InitiationPending', 'InitiationPending', 'InitiationCompleted']);
  });

  it("sandbox-rejected: InitiationFailed with the bank's reason", async () => {
    const { progress } = await setUp('sandbox-rejected');
    expect(progress).toMatchObject({ outcome: 'REJECTED', bankStatus: 'InitiationFailed' });
    expect(progress.statusReason).toContain('MS03');
  });

  it('a user who denies: DECLINED, the consent Rejected, no standing order', async () => {
    const { order, progress } = await setUp('sandbox-success', 'deny');
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'Rejected' });
    expect(progress.handle.bankPaymentId).toBeUndefined();
    expect(await redirectBank.getStandingOrderStatus(ctx(), progress.handle, order)).toMatchObject({
      outcome: 'REJECTED',
      bankStatus: 'Rejected',
    });
  });

  it('decoupled (CIBA): polling picks up the approval and submits the standing order', async () => {
    const order = standingOrder({ psuId: 'sandbox-success', frequency: 'DAIL' });
    const started = await decoupledBank.createStandingOrder(ctx('ob-sandbox-gb-decoupled'), order);
    expect(started).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', next: { kind: 'decoupled' } });
    let progress = started;
    for (let attempt = 0; attempt < 40 && progress.outcome === 'AWAITING_AUTHORISATION'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await decoupledBank.getStandingOrderStatus(ctx('ob-sandbox-gb-decoupled'), progress.handle, order);
    }
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'InitiationCompleted' });
    expect(progress.handle.bankPaymentId).toMatch(/^DSO-/);
  });

  it('twice-weekly and twice-monthly orders cannot be written in the OBIE grammar: a 400 naming frequency', async () => {
    for (const frequency of ['TOWK', 'TOMN'] as const)
      await expect(redirectBank.createStandingOrder(ctx(), standingOrder({ frequency }))).rejects.toMatchObject({
        status: 400,
        paths: ['frequency'],
      });
  });

  it('the bank refuses a first payment in the past (UK.OBIE.Field.InvalidDate)', async () => {
    await expect(
      redirectBank.createStandingOrder(ctx(), standingOrder({ startDate: isoDay(-2) })),
    ).rejects.toMatchObject({ bankErrorCode: 'UK.OBIE.Field.InvalidDate' });
  });
});

describe('OBIE connector against the sandbox bank: decoupled (CIBA)', () => {
  async function untilDecided(
    payment: PaymentInitiation,
    first: PaymentProgress,
  ): Promise<{ progress: PaymentProgress; pendingPolls: number }> {
    let progress = first;
    let pendingPolls = 0;
    for (let attempt = 0; attempt < 40 && progress.outcome === 'AWAITING_AUTHORISATION'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await decoupledBank.getPaymentStatus(ctx('ob-sandbox-gb-decoupled'), progress.handle, payment);
      if (progress.outcome === 'AWAITING_AUTHORISATION') pendingPolls += 1;
    }
    return { progress, pendingPolls };
  }

  it('the bank approves on its own after its delay; polling picks up the token and submits', async () => {
    const payment = initiation({ psuId: 'sandbox-success' });
    const started = await decoupledBank.initiatePayment(ctx('ob-sandbox-gb-decoupled'), payment);
    expect(started).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', next: { kind: 'decoupled' } });
    expect(started.handle.continuation?.['authReqId']).toBeTruthy();
    const { progress, pendingPolls } = await untilDecided(payment, started);
    expect(pendingPolls).toBeGreaterThan(0);
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'AcceptedSettlementCompleted' });
    expect(progress.handle.bankPaymentId).toBeDefined();
  });

  it('a user who declines on their phone (sandbox-deny): Declined', async () => {
    const payment = initiation({ psuId: 'sandbox-deny' });
    const started = await decoupledBank.initiatePayment(ctx('ob-sandbox-gb-decoupled'), payment);
    const { progress } = await untilDecided(payment, started);
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'Rejected' });
  });

  it('needs the user at the bank (psuId)', async () => {
    await expect(decoupledBank.initiatePayment(ctx('ob-sandbox-gb-decoupled'), initiation())).rejects.toMatchObject({
      code: 'Field.Expected',
      paths: ['psuId'],
    });
  });
});

describe('OBIE connector against the sandbox bank: faults', () => {
  it('a bank slower than the deadline -> BankDeadlineExceededError', async () => {
    await setFaults('ob-sandbox-gb', 1500, 0);
    try {
      const started = Date.now();
      const error = await connectorFor('ob-sandbox-gb')
        .initiatePayment(ctx('ob-sandbox-gb', 400), initiation())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankDeadlineExceededError);
      expect(error).toMatchObject({ status: 504, code: 'DEADLINE_EXCEEDED' });
      expect(Date.now() - started).toBeLessThan(1400);
    } finally {
      await setFaults('ob-sandbox-gb', 0, 0);
    }
  });

  it('a bank answering 5xx -> BankUnavailableError marked external, after retrying what is safe to retry', async () => {
    await setFaults('ob-sandbox-gb', 0, 1);
    try {
      const error = await connectorFor('ob-sandbox-gb')
        .initiatePayment(ctx(), initiation())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankUnavailableError);
      expect(error).toMatchObject({ status: 500, external: true, bankStatusCode: 500 });
    } finally {
      await setFaults('ob-sandbox-gb', 0, 0);
    }
  });

  it('health: both APIs up', async () => {
    expect(await redirectBank.health(ctx())).toMatchObject({ pis: 'UP', ais: 'UP' });
  });
});

describe('OBIE connector against the sandbox bank: account information', () => {
  it('reads the accounts, balances, transactions and standing orders the user shares', async () => {
    const username = `ais-${randomUUID().slice(0, 8)}`;
    const { progress } = await payByRedirect(redirectBank, username, 'approve', {
      amount: { value: '25.00', currency: 'GBP' },
    });
    expect(progress.outcome).toBe('COMPLETED');

    const access = await redirectBank.createAccountAccess(ctx(), {
      permissions: [],
      redirectUri: CALLBACK,
      state: 'ais-state',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, username, 'approve');
    const { grant } = await redirectBank.completeAccountAccessRedirect(
      ctx(),
      access.bankConsentId,
      Object.fromEntries(back.searchParams),
      CALLBACK,
    );

    const accounts = await redirectBank.listAccounts(ctx(), grant);
    expect(accounts.map((account) => [account.name, account.type, account.currency])).toEqual([
      ['Current', 'CHECKING', 'GBP'],
      ['Savings', 'SAVINGS', 'GBP'],
    ]);
    const current = accounts[0];
    if (current === undefined) throw new Error('no current account');
    expect(current.identifiers[0]).toMatchObject({ type: 'gbDomestic' });
    expect(current.holderName).toBe(username);

    const balances = await redirectBank.getBalances(ctx(), grant, current.bankAccountId);
    expect(balances).toContainEqual(
      expect.objectContaining({
        type: 'InterimAvailable',
        amount: { value: '9975.00', currency: 'GBP' },
        creditDebit: 'CREDIT',
      }),
    );

    const all = await redirectBank.listTransactions(ctx(), grant, current.bankAccountId, {});
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({
      amount: { value: '25.00', currency: 'GBP' },
      creditDebit: 'DEBIT',
      status: 'BOOKED',
      counterparty: { name: 'Merchant Ltd' },
    });
    const recent = await redirectBank.listTransactions(ctx(), grant, current.bankAccountId, {
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    expect(recent.map((entry) => entry.description)).toEqual([expect.any(String), 'Coffee']);
    const older = await redirectBank.listTransactions(ctx(), grant, current.bankAccountId, {
      to: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    expect(older.map((entry) => entry.description)).toEqual(['Salary']);

    const orders = await redirectBank.listStandingOrders(ctx(), grant, current.bankAccountId);
    expect(orders).toEqual([
      expect.objectContaining({
        frequency: 'IntrvlMnthDay:01:01',
        reference: 'RENT',
        nextPaymentAmount: { value: '750.00', currency: 'GBP' },
      }),
    ]);
  });

  it('revokeAccountAccess: the DELETE reaches the bank; the consent is gone and its grant reads nothing', async () => {
    const access = await redirectBank.createAccountAccess(ctx(), {
      permissions: [],
      redirectUri: CALLBACK,
      state: 'revoke-state',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, `revoke-${randomUUID().slice(0, 8)}`, 'approve');
    const { grant } = await redirectBank.completeAccountAccessRedirect(
      ctx(),
      access.bankConsentId,
      Object.fromEntries(back.searchParams),
      CALLBACK,
    );
    expect(await redirectBank.listAccounts(ctx(), grant)).toHaveLength(2);

    await redirectBank.revokeAccountAccess(ctx(), access.bankConsentId);
    await expect(redirectBank.listAccounts(ctx(), grant)).rejects.toBeInstanceOf(BankRejectedError);
    // Deleted by the TPP: the bank answers for it as for no consent at all.
    await expect(redirectBank.revokeAccountAccess(ctx(), access.bankConsentId)).rejects.toMatchObject({
      bankErrorCode: 'UK.OBIE.Resource.NotFound',
    });
  });

  it('a user who does not share: BankRejectedError access_denied', async () => {
    const access = await redirectBank.createAccountAccess(ctx(), {
      permissions: ['ReadAccountsBasic'],
      redirectUri: CALLBACK,
      state: 's',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, 'sandbox-success', 'deny');
    await expect(
      redirectBank.completeAccountAccessRedirect(
        ctx(),
        access.bankConsentId,
        Object.fromEntries(back.searchParams),
        CALLBACK,
      ),
    ).rejects.toMatchObject({
      bankErrorCode: 'access_denied',
    });
  });
});

describe('OBIE connector against the sandbox bank: capabilities', () => {
  it('offers payments, VRP, account information, funds confirmation, standing orders and refunds', () => {
    const registry = new ConnectorRegistry({
      http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
      secrets: createSecretResolver({}),
    });
    const entry = sandboxEntry('ob-sandbox-gb', sandboxUrl);
    for (const capability of ['payments', 'vrp', 'accounts', 'fundsConfirmation', 'standingOrders', 'refunds'] as const)
      expect(registry.capability(entry, capability)).toBe(registry.forBank(entry));
  });
});

// Last: it moves this database's sandbox clock forward, which ages every token issued before.
describe('OBIE connector against the sandbox bank: scheduled payments', () => {
  it('a future-dated payment is InitiationPending until its day, then InitiationCompleted', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { payment, progress } = await payByRedirect(redirectBank, 'sandbox-success', 'approve', {
      executionDate: tomorrow,
    });
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'InitiationPending' });
    expect(progress.handle.bankPaymentId).toMatch(/^DSP-/);
    expect(await poll(redirectBank, payment, progress)).toMatchObject({ bankStatus: 'InitiationPending' });

    const clock = gateway.clock;
    if (!(clock instanceof SharedClock)) throw new Error('the sandbox runs on the shared clock');
    const offset = await clock.advance(2 * 86_400);
    // The sandbox bank hears of the gateway's new offset over Redis.
    await expect.poll(() => (bank.stores.clock instanceof SandboxClock ? bank.stores.clock.offset : -1)).toBe(offset);
    // Tokens cached before the jump have expired at the bank: a fresh connector fetches new ones.
    expect(await poll(connectorFor('ob-sandbox-gb'), payment, progress)).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'InitiationCompleted',
    });
  });
});
