import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BankDeadlineExceededError,
  BankHttpClient,
  BankRejectedError,
  BankUnavailableError,
  BerlinGroupConnector,
  ConnectorRegistry,
  createSecretResolver,
  parseBankCatalogue,
  type BankCallContext,
  type BankCatalogueEntry,
  type EmbeddedAuthStep,
  type PaymentInitiation,
  type PaymentProgress,
  type StandingOrderInitiation,
} from '#libs/connectors';
import { SANDBOX_BANKS } from '../../apps/sandbox-bank/src/banks/sandbox-bank-definition.js';
import {
  createSandboxBankProcess,
  type SandboxBankProcess,
} from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';
import { decideOnConsentPage } from './obie/consent-form.js';

const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef0123';
const CALLBACK = 'https://gateway.example/callback';
const DECOUPLED_DELAY_MS = 400;
const PASSWORD = '12345';
const OTP = '123456';
const CREDITOR = {
  name: 'Merchant GmbH',
  identifier: { type: 'iban' as const, iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
};

const EMBEDDED = 'ob-sandbox-eu';
const REDIRECT = 'ob-sandbox-eu-redirect';
const DECOUPLED = 'ob-sandbox-eu-decoupled';

let bank: SandboxBankProcess;
let sandboxUrl: string;
let catalogue: BankCatalogueEntry[];

const ctx = (bankId: string, deadlineInMs = 10_000): BankCallContext => ({
  bankId,
  deadlineMs: Date.now() + deadlineInMs,
  traceId: randomUUID().replace(/-/g, ''),
});

function entry(id: string): BankCatalogueEntry {
  const found = catalogue.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`${id} is not a Berlin Group bank of the catalogue`);
  return found;
}

function connectorFor(id: string): BerlinGroupConnector {
  const http = new BankHttpClient({ logger: pino({ level: 'silent' }), backoff: { baseMs: 20, maxMs: 100 } });
  return new BerlinGroupConnector(entry(id), { http });
}

function initiation(overrides: Partial<PaymentInitiation> = {}): PaymentInitiation {
  const id = randomUUID();
  return {
    paymentId: id,
    refId: `ref-${id.slice(0, 8)}`,
    amount: { value: '10.50', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: CREDITOR,
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

function embeddedStep(progress: PaymentProgress): EmbeddedAuthStep {
  if (progress.next.kind !== 'embedded')
    throw new Error(
      `expected an embedded step, got ${progress.next.kind} (${progress.outcome} ${progress.bankStatus})`,
    );
  return progress.next.step;
}

const fieldIds = (step: EmbeddedAuthStep): string[] => step.fields.map((field) => field.id);

/** Asserts the payment still waits for the user, at the embedded step named by its fields. */
function expectStep(progress: PaymentProgress, ids: string[], isRetry: boolean): EmbeddedAuthStep {
  expect(progress).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', bankStatus: 'RCVD', next: { kind: 'embedded' } });
  const step = embeddedStep(progress);
  expect(fieldIds(step)).toEqual(ids);
  expect(step.isRetry).toBe(isRetry);
  return step;
}

/** The embedded journey with the right values at every step: credentials, SMS, one-time code. */
async function payEmbedded(
  username: string,
  overrides: Partial<PaymentInitiation> = {},
): Promise<{ payment: PaymentInitiation; progress: PaymentProgress }> {
  const connector = connectorFor(EMBEDDED);
  const payment = initiation(overrides);
  const started = await connector.initiatePayment(ctx(EMBEDDED), payment);
  expectStep(started, ['psuId', 'password'], false);
  const method = await connector.submitEmbeddedAuth(ctx(EMBEDDED), started.handle, {
    psuId: username,
    password: PASSWORD,
  });
  expectStep(method, ['scaMethod'], false);
  const otp = await connector.submitEmbeddedAuth(ctx(EMBEDDED), method.handle, { scaMethod: 'sms' });
  expectStep(otp, ['otp'], false);
  const progress = await connector.submitEmbeddedAuth(ctx(EMBEDDED), otp.handle, { otp: OTP });
  return { payment, progress };
}

/** Initiation, the user's decision on the bank's SCA page (a plain form post), the way back. */
async function payByRedirect(
  username: string,
  decision: 'approve' | 'deny' = 'approve',
  bankId = REDIRECT,
  overrides: Partial<PaymentInitiation> = {},
): Promise<PaymentProgress> {
  const connector = connectorFor(bankId);
  const payment = initiation(overrides);
  const started = await connector.initiatePayment(ctx(bankId), payment);
  expect(started).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', bankStatus: 'RCVD', next: { kind: 'redirect' } });
  if (started.next.kind !== 'redirect') throw new Error('expected a redirect');
  expect(new URL(started.next.redirectUrl).pathname).toMatch(new RegExp(`^/banks/${bankId}/sca/AUTH-`));
  const back = await decideOnConsentPage(started.next.redirectUrl, username, decision);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  expect(back.searchParams.get('state')).toBe(payment.state);
  expect(back.searchParams.get('error')).toBe(decision === 'deny' ? 'access_denied' : null);
  return connector.completeRedirect(ctx(bankId), {
    handle: started.handle,
    params: Object.fromEntries(back.searchParams),
    redirectUri: CALLBACK,
    initiation: payment,
  });
}

async function poll(
  bankId: string,
  progress: PaymentProgress,
  payment: PaymentInitiation = initiation(),
): Promise<PaymentProgress> {
  return connectorFor(bankId).getPaymentStatus(ctx(bankId), progress.handle, payment);
}

beforeAll(async () => {
  const config = await testConfig({ ADMIN_TOKEN });
  bank = await createSandboxBankProcess(config, {
    banks: SANDBOX_BANKS.map((definition) => ({ ...definition, cibaApprovalDelayMs: DECOUPLED_DELAY_MS })),
  });
  await bank.app.listen(0, '127.0.0.1');
  sandboxUrl = baseUrl(bank.app);
  const file = join(import.meta.dirname, '../../config/banks/sandbox.yaml');
  catalogue = parseBankCatalogue(await readFile(file, 'utf8'), {
    source: file,
    placeholders: { SANDBOX_BANK_URL: sandboxUrl, PUBLIC_BASE_URL: 'http://gateway.test' },
  }).filter((candidate) => candidate.connector.type === 'berlin-group');
});

afterAll(async () => {
  await bank.close();
});

describe('Berlin Group connector against the sandbox bank: embedded SCA (ob-sandbox-eu)', () => {
  it('sandbox-success: credentials, a choice of two SCA methods, the one-time code: ACSC', async () => {
    const connector = connectorFor(EMBEDDED);
    const payment = initiation();
    const started = await connector.initiatePayment(ctx(EMBEDDED), payment);
    const credentials = expectStep(started, ['psuId', 'password'], false);
    expect(credentials.fields.map((field) => field.type)).toEqual(['FIELD', 'PASSWORD']);
    expect(started.handle.bankConsentId).toMatch(/^BGPI-/);

    const method = await connector.submitEmbeddedAuth(ctx(EMBEDDED), started.handle, {
      psuId: 'sandbox-success',
      password: PASSWORD,
    });
    const choice = expectStep(method, ['scaMethod'], false);
    expect(choice.fields[0]).toMatchObject({
      type: 'CHOICE_FIELD',
      options: [
        { id: 'sms', label: 'SMS to +49 170 ***4321' },
        { id: 'push', label: 'Sandbox Bank app' },
      ],
    });

    const otp = await connector.submitEmbeddedAuth(ctx(EMBEDDED), method.handle, { scaMethod: 'sms' });
    const code = expectStep(otp, ['otp'], false);
    expect(code.fields[0]?.type).toBe('FIELD');
    expect(code.fields[0]?.additionalInformation).toContain('text message');

    const done = await connector.submitEmbeddedAuth(ctx(EMBEDDED), otp.handle, { otp: OTP });
    expect(done).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC', next: { kind: 'none' } });
    expect(done.handle.bankConsentId).toBe(started.handle.bankConsentId);
    expect(await poll(EMBEDDED, done, payment)).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'ACSC',
      next: { kind: 'none' },
    });
  });

  it('a wrong password and a wrong one-time code come back as the same step with isRetry, then the right ones pass', async () => {
    const connector = connectorFor(EMBEDDED);
    const started = await connector.initiatePayment(ctx(EMBEDDED), initiation());
    expectStep(started, ['psuId', 'password'], false);

    const wrongPassword = await connector.submitEmbeddedAuth(ctx(EMBEDDED), started.handle, {
      psuId: 'sandbox-success',
      password: 'wrong',
    });
    const again = expectStep(wrongPassword, ['password'], true);
    expect(again.description).toBe('The password is not correct. 2 attempts left.');

    const method = await connector.submitEmbeddedAuth(ctx(EMBEDDED), wrongPassword.handle, { password: PASSWORD });
    expectStep(method, ['scaMethod'], false);
    const otp = await connector.submitEmbeddedAuth(ctx(EMBEDDED), method.handle, { scaMethod: 'Sandbox Bank app' });
    expect(expectStep(otp, ['otp'], false).fields[0]?.additionalInformation).toContain('Sandbox Bank app');

    const wrongCode = await connector.submitEmbeddedAuth(ctx(EMBEDDED), otp.handle, { otp: '000000' });
    expect(expectStep(wrongCode, ['otp'], true).description).toBe('The one-time code is not correct. 1 attempt left.');
    // Status polls meanwhile show the step still open (not as a retry).
    expect(embeddedStep(await poll(EMBEDDED, wrongCode)).isRetry).toBe(false);

    const done = await connector.submitEmbeddedAuth(ctx(EMBEDDED), wrongCode.handle, { otp: OTP });
    expect(done).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC', next: { kind: 'none' } });
  });

  it('the third wrong value fails the authorisation: FAILED, RJCT', async () => {
    const connector = connectorFor(EMBEDDED);
    let progress = await connector.initiatePayment(ctx(EMBEDDED), initiation({ psuId: 'sandbox-success' }));
    expectStep(progress, ['password'], false);
    progress = await connector.submitEmbeddedAuth(ctx(EMBEDDED), progress.handle, { password: PASSWORD });
    progress = await connector.submitEmbeddedAuth(ctx(EMBEDDED), progress.handle, { scaMethod: 'push' });
    for (const isRetry of [true, true]) {
      progress = await connector.submitEmbeddedAuth(ctx(EMBEDDED), progress.handle, { otp: '999999' });
      expectStep(progress, ['otp'], isRetry);
    }
    progress = await connector.submitEmbeddedAuth(ctx(EMBEDDED), progress.handle, { otp: '999999' });
    expect(progress).toMatchObject({
      outcome: 'FAILED',
      bankStatus: 'RJCT',
      next: { kind: 'none' },
      statusReason: 'The PSU did not authorise the payment.',
    });
  });

  it('sandbox-insufficient-funds: RJCT for lack of funds', async () => {
    const { progress } = await payEmbedded('sandbox-insufficient-funds');
    expect(progress).toMatchObject({
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
      bankStatus: 'RJCT',
      next: { kind: 'none' },
    });
    expect(progress.statusReason).toContain('AM04');
  });

  it('sandbox-rejected: RJCT by the bank', async () => {
    const { progress } = await payEmbedded('sandbox-rejected');
    expect(progress).toMatchObject({ outcome: 'REJECTED', bankStatus: 'RJCT' });
    expect(progress.statusReason).toContain('MS03');
  });

  it('sandbox-slow: ACSP for three status reads, then ACSC', async () => {
    const { payment, progress } = await payEmbedded('sandbox-slow');
    // The read that follows the one-time code is the first of the three.
    expect(progress).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP', next: { kind: 'none' } });
    const seen: string[] = [];
    for (let read = 0; read < 3; read += 1) seen.push((await poll(EMBEDDED, progress, payment)).bankStatus);
    expect(seen).toEqual(['ACSP', 'ACSP', 'ACSC']);
  });

  it('sandbox-no-final-status: ACSP however often it is read', async () => {
    const { progress } = await payEmbedded('sandbox-no-final-status');
    for (let read = 0; read < 5; read += 1)
      expect(await poll(EMBEDDED, progress)).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
  });

  it('sandbox-bank-error: the authorisation works, then the bank answers 500 -> BankUnavailableError (external)', async () => {
    const error = await payEmbedded('sandbox-bank-error').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect(error).toMatchObject({ status: 500, external: true, bankStatusCode: 500, code: 'BankInternalError' });
  });

  it('sandbox-deny only refuses decoupled requests: embedded it pays', async () => {
    expect((await payEmbedded('sandbox-deny')).progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC' });
  });

  it('a future-dated payment waits as ACCP after authorisation', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const { progress } = await payEmbedded('sandbox-success', { executionDate: tomorrow });
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'ACCP' });
  });

  it('a missing value or an SCA method not offered is a 400 naming the field', async () => {
    const connector = connectorFor(EMBEDDED);
    const started = await connector.initiatePayment(ctx(EMBEDDED), initiation());
    await expect(
      connector.submitEmbeddedAuth(ctx(EMBEDDED), started.handle, { psuId: 'sandbox-success' }),
    ).rejects.toMatchObject({ code: 'Field.Expected', paths: ['password'] });
    const method = await connector.submitEmbeddedAuth(ctx(EMBEDDED), started.handle, {
      psuId: 'sandbox-success',
      password: PASSWORD,
    });
    await expect(
      connector.submitEmbeddedAuth(ctx(EMBEDDED), method.handle, { scaMethod: 'fax' }),
    ).rejects.toMatchObject({ code: 'Field.Invalid', paths: ['scaMethod'] });
  });
});

describe('Berlin Group connector against the sandbox bank: redirect SCA (ob-sandbox-eu-redirect)', () => {
  it('sandbox-success: the SCA page, back with the state, ACSC', async () => {
    expect(await payByRedirect('sandbox-success')).toMatchObject({
      outcome: 'COMPLETED',
      bankStatus: 'ACSC',
      next: { kind: 'none' },
    });
  });

  it('sandbox-insufficient-funds: RJCT for lack of funds', async () => {
    const progress = await payByRedirect('sandbox-insufficient-funds');
    expect(progress).toMatchObject({ outcome: 'REJECTED_INSUFFICIENT_FUNDS', bankStatus: 'RJCT' });
  });

  it('sandbox-rejected: RJCT', async () => {
    expect(await payByRedirect('sandbox-rejected')).toMatchObject({ outcome: 'REJECTED', bankStatus: 'RJCT' });
  });

  it('sandbox-slow: ACSP, then ACSC on the fourth read', async () => {
    const progress = await payByRedirect('sandbox-slow');
    expect(progress).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
    const seen: string[] = [];
    for (let read = 0; read < 3; read += 1) seen.push((await poll(REDIRECT, progress)).bankStatus);
    expect(seen).toEqual(['ACSP', 'ACSP', 'ACSC']);
  });

  it('sandbox-no-final-status: ACSP', async () => {
    const progress = await payByRedirect('sandbox-no-final-status');
    expect(progress).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
    expect(await poll(REDIRECT, progress)).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
  });

  it('a user who presses deny comes back through TPP-Nok-Redirect-URI: DECLINED, RJCT', async () => {
    const progress = await payByRedirect('sandbox-success', 'deny');
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'RJCT', next: { kind: 'none' } });
    expect(await poll(REDIRECT, progress)).toMatchObject({ outcome: 'DECLINED', bankStatus: 'RJCT' });
  });

  it('sandbox-deny only refuses decoupled requests: on the SCA page it pays', async () => {
    expect(await payByRedirect('sandbox-deny')).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC' });
  });

  it('sandbox-bank-error: the page works, then the bank answers 500 -> BankUnavailableError', async () => {
    const error = await payByRedirect('sandbox-bank-error').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
    expect(error).toMatchObject({ external: true, bankStatusCode: 500 });
  });

  it('before the user has decided, a poll still points at the SCA page', async () => {
    const started = await connectorFor(REDIRECT).initiatePayment(ctx(REDIRECT), initiation());
    expect(await poll(REDIRECT, started)).toMatchObject({
      outcome: 'AWAITING_AUTHORISATION',
      bankStatus: 'RCVD',
      next: started.next,
    });
  });

  it('refuses a callback whose state belongs to another payment', async () => {
    const payment = initiation();
    const connector = connectorFor(REDIRECT);
    const started = await connector.initiatePayment(ctx(REDIRECT), payment);
    await expect(
      connector.completeRedirect(ctx(REDIRECT), {
        handle: started.handle,
        params: { state: 'someone-else' },
        redirectUri: CALLBACK,
        initiation: payment,
      }),
    ).rejects.toMatchObject({
      code: 'InvalidArgument',
    });
  });

  it('pays Swedish bankgiros and Polish Elixir transfers with their own payment products', async () => {
    const bankgiro = await payByRedirect('sandbox-success', 'approve', 'ob-sandbox-se', {
      localInstrument: 'BANKGIRO',
      amount: { value: '120.00', currency: 'SEK' },
      creditor: { name: 'Elbolaget AB', identifier: { type: 'bankgiro', bankgiroNumber: '5050-1055' } },
    });
    expect(bankgiro).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC' });
    const elixir = await payByRedirect('sandbox-success', 'approve', 'ob-sandbox-pl', {
      localInstrument: 'ELIXIR',
      amount: { value: '99.00', currency: 'PLN' },
      creditor: { name: 'Sklep Sp. z o.o.', identifier: { type: 'iban', iban: 'PL61109010140000071219812874' } },
    });
    expect(elixir).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC' });
    await expect(
      connectorFor('ob-sandbox-nl-instant').initiatePayment(ctx('ob-sandbox-nl-instant'), initiation()),
    ).rejects.toMatchObject({ bankErrorCode: 'PRODUCT_INVALID' });
  });
});

describe('Berlin Group connector against the sandbox bank: decoupled SCA (ob-sandbox-eu-decoupled)', () => {
  async function untilDecided(first: PaymentProgress): Promise<{ progress: PaymentProgress; pendingPolls: number }> {
    let progress = first;
    let pendingPolls = 0;
    for (let attempt = 0; attempt < 40 && progress.outcome === 'AWAITING_AUTHORISATION'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await poll(DECOUPLED, progress);
      if (progress.outcome === 'AWAITING_AUTHORISATION') {
        expect(progress).toMatchObject({ bankStatus: 'RCVD', next: { kind: 'decoupled' } });
        pendingPolls += 1;
      }
    }
    return { progress, pendingPolls };
  }

  async function payDecoupled(psuId: string): Promise<{ progress: PaymentProgress; pendingPolls: number }> {
    const started = await connectorFor(DECOUPLED).initiatePayment(ctx(DECOUPLED), initiation({ psuId }));
    expect(started).toMatchObject({
      outcome: 'AWAITING_AUTHORISATION',
      bankStatus: 'RCVD',
      next: { kind: 'decoupled' },
    });
    return untilDecided(started);
  }

  it('sandbox-success: the bank approves in its app after its delay; polling reaches ACSC', async () => {
    const { progress, pendingPolls } = await payDecoupled('sandbox-success');
    expect(pendingPolls).toBeGreaterThan(0);
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACSC', next: { kind: 'none' } });
  });

  it('sandbox-deny: the user declines in the app: DECLINED, RJCT', async () => {
    expect((await payDecoupled('sandbox-deny')).progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'RJCT' });
  });

  it('sandbox-insufficient-funds: RJCT for lack of funds', async () => {
    expect((await payDecoupled('sandbox-insufficient-funds')).progress).toMatchObject({
      outcome: 'REJECTED_INSUFFICIENT_FUNDS',
      bankStatus: 'RJCT',
    });
  });

  it('sandbox-rejected and sandbox-slow', async () => {
    expect((await payDecoupled('sandbox-rejected')).progress).toMatchObject({
      outcome: 'REJECTED',
      bankStatus: 'RJCT',
    });
    const slow = (await payDecoupled('sandbox-slow')).progress;
    expect(slow).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
    expect((await poll(DECOUPLED, slow)).bankStatus).toBe('ACSP');
  });

  it('sandbox-no-final-status stays ACSP; sandbox-bank-error fails with a 500 once approved', async () => {
    const never = (await payDecoupled('sandbox-no-final-status')).progress;
    expect(never).toMatchObject({ outcome: 'PROCESSING', bankStatus: 'ACSP' });
    const error = await payDecoupled('sandbox-bank-error').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BankUnavailableError);
  });

  it('needs the user at the bank (psuId)', async () => {
    await expect(connectorFor(DECOUPLED).initiatePayment(ctx(DECOUPLED), initiation())).rejects.toMatchObject({
      code: 'Field.Expected',
      paths: ['psuId'],
    });
  });
});

describe('Berlin Group connector against the sandbox bank: faults and health', () => {
  it('a bank answering 5xx -> BankUnavailableError marked external; the body is in the Berlin Group shape', async () => {
    await setFaults(EMBEDDED, 0, 1);
    try {
      const error = await connectorFor(EMBEDDED)
        .initiatePayment(ctx(EMBEDDED), initiation())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankUnavailableError);
      expect(error).toMatchObject({ status: 500, external: true, bankStatusCode: 500 });
      const raw = await fetch(`${sandboxUrl}/banks/${EMBEDDED}/v1/consents/x/status`, {
        headers: { 'X-Request-ID': randomUUID() },
      });
      expect(raw.status).toBe(500);
      expect(await raw.json()).toEqual({
        tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text: 'Injected fault.' }],
      });
      expect(await connectorFor(EMBEDDED).health(ctx(EMBEDDED))).toMatchObject({ pis: 'DOWN', ais: 'DOWN' });
    } finally {
      await setFaults(EMBEDDED, 0, 0);
    }
  });

  it('a bank slower than the deadline -> BankDeadlineExceededError', async () => {
    await setFaults(EMBEDDED, 1500, 0);
    try {
      const started = Date.now();
      const error = await connectorFor(EMBEDDED)
        .initiatePayment(ctx(EMBEDDED, 400), initiation())
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankDeadlineExceededError);
      expect(error).toMatchObject({ status: 504, code: 'DEADLINE_EXCEEDED' });
      expect(Date.now() - started).toBeLessThan(1400);
    } finally {
      await setFaults(EMBEDDED, 0, 0);
    }
  });

  it('every Berlin Group bank of the catalogue is served by the sandbox: health UP', async () => {
    expect(catalogue.map((candidate) => candidate.id).sort()).toEqual(
      SANDBOX_BANKS.filter((definition) => definition.protocol === 'berlin-group')
        .map((definition) => definition.id)
        .sort(),
    );
    for (const candidate of catalogue)
      expect(await connectorFor(candidate.id).health(ctx(candidate.id))).toMatchObject({ pis: 'UP', ais: 'UP' });
  });

  it('the sandbox refuses a call without X-Request-ID, in the Berlin Group shape', async () => {
    const raw = await fetch(`${sandboxUrl}/banks/${EMBEDDED}/v1/payments/sepa-credit-transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({
      tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR', text: 'X-Request-ID must be a UUID.' }],
    });
  });

  it('VRP, refunds, account standing-order reads and funds confirmation are not offered: 501', async () => {
    const registry = new ConnectorRegistry({
      http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
      secrets: createSecretResolver({}),
    });
    for (const capability of ['vrp', 'fundsConfirmation', 'refunds'] as const)
      expect(() => registry.capability(entry(EMBEDDED), capability)).toThrow(
        expect.objectContaining({ status: 501, code: 'UNIMPLEMENTED' }),
      );
    const connector = connectorFor(EMBEDDED);
    await expect(connector.listStandingOrders(ctx(EMBEDDED), 'g', 'a')).rejects.toMatchObject({ status: 501 });
    // Setting standing orders up (periodic payments) is offered; explicit redemption is not (one step).
    expect(registry.capability(entry(EMBEDDED), 'standingOrders')).toBe(registry.forBank(entry(EMBEDDED)));
    expect(registry.capability(entry(EMBEDDED), 'payments').explicitRedemption).toBeUndefined();
  });
});

describe('Berlin Group connector against the sandbox bank: account information', () => {
  it('consent by redirect, then the accounts, balances and transactions the user shares', async () => {
    const username = `ais-${randomUUID().slice(0, 8)}`;
    const { progress } = await payEmbedded(username, { amount: { value: '25.00', currency: 'EUR' } });
    expect(progress.outcome).toBe('COMPLETED');

    const connector = connectorFor(EMBEDDED);
    const access = await connector.createAccountAccess(ctx(EMBEDDED), {
      permissions: [],
      redirectUri: CALLBACK,
      state: 'ais-state',
      nonce: 'n',
    });
    expect(access.bankConsentId).toMatch(/^BGAC-/);
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, username, 'approve');
    expect(back.searchParams.get('state')).toBe('ais-state');
    const { grant } = await connector.completeAccountAccessRedirect(
      ctx(EMBEDDED),
      access.bankConsentId,
      Object.fromEntries(back.searchParams),
      CALLBACK,
    );
    expect(grant).toBe(access.bankConsentId);

    const accounts = await connector.listAccounts(ctx(EMBEDDED), grant);
    expect(accounts.map((account) => [account.name, account.type, account.currency])).toEqual([
      ['Current', 'CHECKING', 'EUR'],
      ['Savings', 'SAVINGS', 'EUR'],
    ]);
    const current = accounts[0];
    if (current === undefined) throw new Error('no current account');
    expect(current.identifiers[0]).toMatchObject({ type: 'iban', bic: 'SBOXDEFF' });
    expect(current.identifiers[0]?.type === 'iban' ? current.identifiers[0].iban : '').toMatch(
      /^DE\d{2}99950000\d{10}$/,
    );
    expect(current.holderName).toBe(username);

    const balances = await connector.getBalances(ctx(EMBEDDED), grant, current.bankAccountId);
    expect(balances).toContainEqual(
      expect.objectContaining({
        type: 'interimAvailable',
        amount: { value: '9975.00', currency: 'EUR' },
        creditDebit: 'CREDIT',
      }),
    );

    const all = await connector.listTransactions(ctx(EMBEDDED), grant, current.bankAccountId, {});
    expect(all).toHaveLength(4);
    expect(all[0]).toMatchObject({
      amount: { value: '25.00', currency: 'EUR' },
      creditDebit: 'DEBIT',
      status: 'BOOKED',
      counterparty: { name: 'Merchant GmbH', identifier: { type: 'iban', iban: CREDITOR.identifier.iban } },
    });
    const recent = await connector.listTransactions(ctx(EMBEDDED), grant, current.bankAccountId, {
      from: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    expect(recent.map((entry) => entry.description)).toEqual([expect.stringMatching(/^INV-/), 'Coffee']);
    const older = await connector.listTransactions(ctx(EMBEDDED), grant, current.bankAccountId, {
      to: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    expect(older.map((entry) => entry.description)).toEqual(['Salary']);
  });

  it('a user who does not share: BankRejectedError access_denied', async () => {
    const connector = connectorFor(REDIRECT);
    const access = await connector.createAccountAccess(ctx(REDIRECT), {
      permissions: ['ReadAccountsBasic', 'ReadBalances'],
      redirectUri: CALLBACK,
      state: 's',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, 'sandbox-success', 'deny');
    await expect(
      connector.completeAccountAccessRedirect(
        ctx(REDIRECT),
        access.bankConsentId,
        Object.fromEntries(back.searchParams),
        CALLBACK,
      ),
    ).rejects.toBeInstanceOf(BankRejectedError);
    await expect(
      connector.completeAccountAccessRedirect(ctx(REDIRECT), access.bankConsentId, {}, CALLBACK),
    ).rejects.toMatchObject({ bankErrorCode: 'access_denied' });
    await expect(connector.listAccounts(ctx(REDIRECT), access.bankConsentId)).rejects.toMatchObject({
      bankErrorCode: 'CONSENT_INVALID',
    });
  });
});

/** A raw XS2A call to the sandbox bank, as the TPP would make it. */
async function xs2a(bankId: string, method: string, path: string): Promise<Response> {
  return fetch(`${sandboxUrl}/banks/${bankId}/v1${path}`, {
    method,
    headers: { 'X-Request-ID': randomUUID(), 'PSU-IP-Address': '192.0.2.1', accept: 'application/json' },
  });
}

describe('Berlin Group connector against the sandbox bank: standing orders (periodic payments)', () => {
  const isoDay = (daysAhead: number): string =>
    new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

  function standingOrder(overrides: Partial<StandingOrderInitiation> = {}): StandingOrderInitiation {
    const id = randomUUID();
    return {
      standingOrderId: id,
      refId: `so-${id.slice(0, 8)}`,
      amount: { value: '75.00', currency: 'EUR' },
      frequency: 'MNTH',
      startDate: isoDay(3),
      endDate: isoDay(400),
      localInstrument: 'SEPA',
      creditor: CREDITOR,
      remittanceReference: 'RENT FLAT 4',
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
    const connector = connectorFor(REDIRECT);
    const order = standingOrder(overrides);
    const started = await connector.createStandingOrder(ctx(REDIRECT), order);
    expect(started).toMatchObject({
      outcome: 'AWAITING_AUTHORISATION',
      bankStatus: 'RCVD',
      next: { kind: 'redirect' },
    });
    expect(started.handle.bankConsentId).toMatch(/^BGSO-/);
    if (started.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(started.next.redirectUrl, username, decision);
    expect(back.searchParams.get('state')).toBe(order.state);
    const progress = await connector.completeStandingOrderRedirect(ctx(REDIRECT), {
      handle: started.handle,
      params: Object.fromEntries(back.searchParams),
      redirectUri: CALLBACK,
      initiation: order,
    });
    return { order, progress };
  }

  const status = (order: StandingOrderInitiation, progress: PaymentProgress): Promise<PaymentProgress> =>
    connectorFor(REDIRECT).getStandingOrderStatus(ctx(REDIRECT), progress.handle, order);

  it('redirect, sandbox-success: the bank sets the order up as the user authorises it (ACCP), with the XS2A fields', async () => {
    const { order, progress } = await setUp('sandbox-success');
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACCP', next: { kind: 'none' } });
    const read = await xs2a(
      REDIRECT,
      'GET',
      `/periodic-payments/sepa-credit-transfers/${progress.handle.bankConsentId}`,
    );
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({
      transactionStatus: 'ACCP',
      instructedAmount: { currency: 'EUR', amount: '75.00' },
      creditorAccount: { iban: CREDITOR.identifier.iban },
      creditorName: CREDITOR.name,
      remittanceInformationUnstructured: 'RENT FLAT 4',
      startDate: order.startDate,
      endDate: order.endDate,
      frequency: 'Monthly',
      dayOfExecution: order.startDate.slice(8, 10),
      executionRule: 'following',
    });
    expect(await status(order, progress)).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACCP' });
  });

  it('sandbox-slow: PDNG for three status reads, then ACCP', async () => {
    const { order, progress } = await setUp('sandbox-slow', 'approve', { frequency: 'WEEK', endDate: undefined });
    expect(progress).toMatchObject({ outcome: 'PENDING', bankStatus: 'PDNG' });
    const seen: string[] = [];
    for (let read = 0; read < 3; read += 1) seen.push((await status(order, progress)).bankStatus);
    expect(seen).toEqual(['PDNG', 'PDNG', 'ACCP']);
  });

  it("sandbox-rejected: RJCT with the bank's reason", async () => {
    const { progress } = await setUp('sandbox-rejected');
    expect(progress).toMatchObject({ outcome: 'REJECTED', bankStatus: 'RJCT' });
    expect(progress.statusReason).toContain('MS03');
  });

  it('a user who denies: DECLINED', async () => {
    const { progress } = await setUp('sandbox-success', 'deny');
    expect(progress).toMatchObject({ outcome: 'DECLINED', bankStatus: 'RJCT' });
  });

  it('DELETE cancels a standing order that is set up: CANC, and a second DELETE is refused', async () => {
    const { order, progress } = await setUp('sandbox-success');
    const path = `/periodic-payments/sepa-credit-transfers/${progress.handle.bankConsentId}`;
    expect((await xs2a(REDIRECT, 'DELETE', path)).status).toBe(204);
    expect(await status(order, progress)).toMatchObject({ outcome: 'CANCELED', bankStatus: 'CANC' });
    const again = await xs2a(REDIRECT, 'DELETE', path);
    expect(again.status).toBe(409);
  });

  it('decoupled: the bank app approves after its delay; polling reads the order set up', async () => {
    const connector = connectorFor(DECOUPLED);
    const order = standingOrder({ psuId: 'sandbox-success', frequency: 'YEAR' });
    const started = await connector.createStandingOrder(ctx(DECOUPLED), order);
    expect(started).toMatchObject({ outcome: 'AWAITING_AUTHORISATION', next: { kind: 'decoupled' } });
    let progress = started;
    for (let attempt = 0; attempt < 40 && progress.outcome === 'AWAITING_AUTHORISATION'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = await connector.getStandingOrderStatus(ctx(DECOUPLED), progress.handle, order);
    }
    expect(progress).toMatchObject({ outcome: 'COMPLETED', bankStatus: 'ACCP' });
  });

  it('twice weekly and twice monthly have no XS2A frequency: a 400 naming frequency, nothing sent', async () => {
    for (const frequency of ['TOWK', 'TOMN'] as const)
      await expect(
        connectorFor(REDIRECT).createStandingOrder(ctx(REDIRECT), standingOrder({ frequency })),
      ).rejects.toMatchObject({ status: 400, paths: ['frequency'] });
  });

  it('the bank refuses a start date in the past (EXECUTION_DATE_INVALID)', async () => {
    await expect(
      connectorFor(REDIRECT).createStandingOrder(ctx(REDIRECT), standingOrder({ startDate: isoDay(-3) })),
    ).rejects.toMatchObject({ bankErrorCode: 'EXECUTION_DATE_INVALID' });
  });

  it('the embedded approach has no standing-order steps: BankOperationUnsupportedError', async () => {
    await expect(connectorFor(EMBEDDED).createStandingOrder(ctx(EMBEDDED), standingOrder())).rejects.toMatchObject({
      status: 501,
    });
  });
});

describe('Berlin Group connector against the sandbox bank: revoking account access', () => {
  it('DELETE /v1/consents/{id} reaches the bank: the consent is terminatedByTpp and reads are refused', async () => {
    const connector = connectorFor(REDIRECT);
    const username = `revoke-${randomUUID().slice(0, 8)}`;
    const access = await connector.createAccountAccess(ctx(REDIRECT), {
      permissions: [],
      redirectUri: CALLBACK,
      state: 'revoke-state',
      nonce: 'n',
    });
    if (access.next.kind !== 'redirect') throw new Error('expected a redirect');
    const back = await decideOnConsentPage(access.next.redirectUrl, username, 'approve');
    const { grant } = await connector.completeAccountAccessRedirect(
      ctx(REDIRECT),
      access.bankConsentId,
      Object.fromEntries(back.searchParams),
      CALLBACK,
    );
    expect(await connector.listAccounts(ctx(REDIRECT), grant)).toHaveLength(2);

    await connector.revokeAccountAccess(ctx(REDIRECT), access.bankConsentId);
    const read = await xs2a(REDIRECT, 'GET', `/consents/${access.bankConsentId}/status`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ consentStatus: 'terminatedByTpp' });
    await expect(connector.listAccounts(ctx(REDIRECT), grant)).rejects.toMatchObject({
      bankErrorCode: 'CONSENT_INVALID',
    });
  });
});
