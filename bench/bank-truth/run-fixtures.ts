import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { adminCall } from './admin-client.js';
import { approveAtBank } from './bank-pages.js';
import type { PlannedOperation } from './fault-plan.js';
import { newRefId, send, TPP_CALLBACK, USER, type Fixtures, type FlowContext, type Json } from './flow-client.js';
import { FLOW_BANKS } from './flows.js';
import { PAYOUT_AMOUNT } from './payout-flow.js';
import { VRP_CREDITOR } from './vrp-flow.js';

/** What fixtures are made with: the gateway's and the sandbox's URLs, the database. */
export interface FixtureSite {
  readonly ctx: FlowContext;
  readonly adminUrl: string;
  readonly sandboxUrl: string;
  readonly db: pg.Client;
}

type MutableFixtures = { -readonly [K in keyof Fixtures]: Fixtures[K] };

async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`fixtures: ${what} not reached in ${timeoutMs} ms`);
    await sleep(250);
  }
}

/** A sweeping VRP consent at the VRP bank, approved by the user and authorised (the browser came back). */
async function vrpConsent(site: FixtureSite): Promise<string> {
  const { ctx } = site;
  const created = await send(ctx, `${ctx.apiUrl}/vrp-consents`, 'POST', {
    body: {
      initiation: {
        bankId: FLOW_BANKS['uk-vrp'].bankId,
        refId: newRefId('vc'),
        remittanceInformationPrimary: 'Sweep to savings',
        scheme: 'OBL_SWEEPING',
        localInstrument: 'FASTER_PAYMENTS',
        creditor: VRP_CREDITOR,
        currency: 'GBP',
        maximumIndividualAmount: '1000.00',
        periodicLimits: [{ maximumAmount: '1000000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
        callbackUrl: TPP_CALLBACK,
        callbackState: 'bank-truth',
      },
    },
  });
  const consent = created.body['vrpConsent'] as Json | undefined;
  const page = (consent?.['authentication'] as Json | undefined)?.['redirectUrl'];
  if (typeof consent?.['id'] !== 'string' || typeof page !== 'string')
    throw new Error(`fixtures: POST /vrp-consents answered ${created.status} ${JSON.stringify(created.body)}`);
  const id = consent['id'];
  await send(ctx, await approveAtBank(page, USER), 'GET', { auth: false });
  await until('the VRP consent AUTHORIZED', async () => {
    const read = await send(ctx, `${ctx.apiUrl}/vrp-consents/${encodeURIComponent(id)}`, 'GET');
    return (read.body['vrpConsent'] as Json | undefined)?.['status'] === 'AUTHORIZED' ? true : undefined;
  });
  return id;
}

/** The member's refund registration at the refund bank, with a credential the sandbox bank issued. */
async function refundRegistration(site: FixtureSite): Promise<string> {
  const bankId = FLOW_BANKS['uk-refund'].bankId;
  const issued = await adminCall(`${site.sandboxUrl}/sandbox/registered-credentials/${bankId}`, 'POST', {
    clientId: 'gateway-sandbox',
    username: 'refund-merchant',
  });
  const account = issued['account'] as { identification: string; name: string };
  const registered = await send(site.ctx, `${site.ctx.apiUrl}/refund/registrations`, 'POST', {
    body: {
      bankId,
      debtor: {
        sortCode: account.identification.slice(0, 6),
        accountNumber: account.identification.slice(6),
        name: account.name,
      },
      credentials: { grant: issued['credential'] },
    },
  });
  const id = (registered.body['registration'] as Json | undefined)?.['id'];
  if (typeof id !== 'string')
    throw new Error(
      `fixtures: POST /refund/registrations answered ${registered.status} ${JSON.stringify(registered.body)}`,
    );
  return id;
}

/** A completed UK payment with its refund account (10.50 GBP at the refund bank). */
async function refundablePayment(site: FixtureSite): Promise<string> {
  const { ctx } = site;
  const created = await send(ctx, `${ctx.apiUrl}/v2/payments`, 'POST', {
    body: {
      initiation: {
        bankId: FLOW_BANKS['uk-refund'].bankId,
        refId: newRefId('rp'),
        remittanceInformationPrimary: 'Order to refund',
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        callbackUrl: TPP_CALLBACK,
        returnRefundAccount: true,
      },
    },
  });
  const payment = created.body['payment'] as Json | undefined;
  const page = (payment?.['authentication'] as Json | undefined)?.['redirectUrl'];
  if (typeof payment?.['id'] !== 'string' || typeof page !== 'string')
    throw new Error(`fixtures: POST /v2/payments answered ${created.status} ${JSON.stringify(created.body)}`);
  const id = payment['id'];
  await send(ctx, await approveAtBank(page, USER), 'GET', { auth: false });
  await until('the payment to refund INITIATION_COMPLETED', async () => {
    const read = await send(ctx, `${ctx.apiUrl}/v2/payments/${encodeURIComponent(id)}`, 'GET');
    return (read.body['payment'] as Json | undefined)?.['status'] === 'INITIATION_COMPLETED' ? true : undefined;
  });
  return id;
}

async function availableBalance(site: FixtureSite, accountId: string): Promise<number> {
  const read = await send(site.ctx, `${site.ctx.apiUrl}/virtual-accounts/${encodeURIComponent(accountId)}`, 'GET');
  return Number((read.body['virtualAccount'] as Json | undefined)?.['availableBalance'] ?? 0);
}

/** A GBP settlement account, opened once. */
async function settlementAccount(site: FixtureSite): Promise<string> {
  const opened = await send(site.ctx, `${site.ctx.apiUrl}/virtual-accounts`, 'POST', {
    body: { currency: 'GBP', country: 'GB' },
  });
  const id = (opened.body['virtualAccount'] as Json | undefined)?.['accountId'];
  if (typeof id !== 'string')
    throw new Error(`fixtures: POST /virtual-accounts answered ${opened.status} ${JSON.stringify(opened.body)}`);
  return id;
}

/** Credits the account at the provider until it holds `needed` available, moving the clock for the credit reader. */
async function creditAtLeast(site: FixtureSite, accountId: string, needed: number): Promise<void> {
  const have = await availableBalance(site, accountId);
  if (have >= needed) return;
  const { rows } = await site.db.query<{ provider_account_id: string }>(
    'SELECT provider_account_id FROM settlement_account WHERE id = $1',
    [accountId],
  );
  await adminCall(
    `${site.sandboxUrl}/sandbox/settlement/accounts/${encodeURIComponent(rows[0]?.provider_account_id ?? '')}/credits`,
    'POST',
    {
      amount: { value: (needed - have).toFixed(2), currency: 'GBP' },
      refId: newRefId('cr'),
      description: 'Payin',
      debtor: { name: 'Payer', iban: 'NL91ABNA0417164300' },
    },
  );
  await until('the settlement credit booked', async () => {
    await adminCall(`${site.adminUrl}/admin/clock/advance`, 'POST', { seconds: 31 });
    await sleep(300);
    return (await availableBalance(site, accountId)) >= needed ? true : undefined;
  });
}

async function inParallel(count: number, width: number, make: () => Promise<void>): Promise<void> {
  let left = count;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (left > 0) {
        left -= 1;
        await make();
      }
    }),
  );
}

/**
 * Makes what the planned operations need, with no fault set: the VRP consent and the refund
 * registration once per run, a completed payment per refund, and enough money on the settlement
 * account for every payout.
 */
export async function prepareFixtures(
  site: FixtureSite,
  fixtures: MutableFixtures,
  plan: readonly PlannedOperation[],
): Promise<void> {
  const count = (flow: PlannedOperation['flow']): number => plan.filter((operation) => operation.flow === flow).length;
  if (count('uk-vrp') > 0 && fixtures.vrpConsentId === undefined) fixtures.vrpConsentId = await vrpConsent(site);
  const refunds = count('uk-refund');
  if (refunds > 0) {
    fixtures.refundRegistrationId ??= await refundRegistration(site);
    await inParallel(refunds, 4, async () => void fixtures.refundablePayments.push(await refundablePayment(site)));
  }
  const payouts = count('payout');
  if (payouts > 0) {
    fixtures.payoutAccountId ??= await settlementAccount(site);
    await creditAtLeast(site, fixtures.payoutAccountId, payouts * Number(PAYOUT_AMOUNT));
  }
}
