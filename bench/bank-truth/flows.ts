import { randomBytes } from 'node:crypto';
import { approveAtBank } from './bank-pages.js';
import type { FaultKind, Flow } from './fault-plan.js';

const TPP_CALLBACK = 'https://tpp.example/bank-truth/callback';
const USER = 'sandbox-success';

type Json = Record<string, unknown>;

export interface FlowContext {
  readonly apiUrl: string;
  /** The member's Authorization header. */
  readonly auth: string;
}

/** What a flow started: the bank and the end-to-end id the bank is sent. */
export interface Started {
  readonly flow: Flow;
  readonly fault: FaultKind;
  readonly bankId: string;
  readonly refId: string;
}

/** A call to the gateway that never throws: a refused or lost connection (the api killed) is status 0. */
async function call(
  url: string,
  method: string,
  auth: string | undefined,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  try {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(auth === undefined ? {} : { authorization: auth }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: Json = {};
    try {
      parsed = text === '' ? {} : (JSON.parse(text) as Json);
    } catch {
      parsed = {};
    }
    return { status: response.status, body: parsed };
  } catch {
    return { status: 0, body: {} };
  }
}

/** The user's browser coming back to the gateway's callback, as the fault says: once, twice, twice at once, or never. */
async function comeBack(callbackUrl: string, fault: FaultKind): Promise<void> {
  const back = (): Promise<unknown> => call(callbackUrl, 'GET', undefined);
  if (fault === 'never-return') return;
  if (fault === 'concurrent-callback') await Promise.all([back(), back()]);
  else if (fault === 'double-callback') {
    await back();
    await back();
  } else await back();
}

const refId = (flow: Flow): string => `bt-${flow.slice(0, 2)}-${randomBytes(6).toString('hex')}`;

function ukInitiation(bankId: string, ref: string, extra: Json = {}): Json {
  return {
    bankId,
    refId: ref,
    remittanceInformationPrimary: ref,
    amount: { value: '10.50', currency: 'GBP' },
    localInstrument: 'FASTER_PAYMENTS',
    creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
    callbackUrl: TPP_CALLBACK,
    ...extra,
  };
}

function sepaInitiation(bankId: string, ref: string, extra: Json = {}): Json {
  return {
    bankId,
    refId: ref,
    remittanceInformationPrimary: ref,
    amount: { value: '25.00', currency: 'EUR' },
    localInstrument: 'SEPA',
    creditor: { name: 'Haendler GmbH', iban: 'DE89370400440532013000' },
    callbackUrl: TPP_CALLBACK,
    ...extra,
  };
}

async function paymentV2(ctx: FlowContext, initiation: Json, fault: FaultKind): Promise<void> {
  const created = await call(`${ctx.apiUrl}/v2/payments`, 'POST', ctx.auth, { initiation });
  const payment = created.body['payment'] as Json | undefined;
  const redirectUrl = (payment?.['authentication'] as Json | undefined)?.['redirectUrl'];
  if (typeof redirectUrl !== 'string') return; // decoupled, or the answer was lost: the gateway carries on alone
  const back = await approveAtBank(redirectUrl, USER).catch(() => undefined);
  if (back !== undefined) await comeBack(back, fault);
}

function transferPayload(ref: string, currency: 'GBP' | 'EUR'): Json {
  const destination =
    currency === 'GBP'
      ? {
          fasterPayments: { sortCode: '040004', accountNumber: '12345678' },
          customerData: { legalNames: ['Merchant Ltd'] },
        }
      : { sepa: { iban: 'DE89370400440532013000' }, customerData: { legalNames: ['Haendler GmbH'] } };
  return {
    refId: ref,
    to: { id: 'm:tpp' },
    redirectUrl: TPP_CALLBACK,
    callbackState: `state-${randomBytes(4).toString('hex')}`,
    description: ref,
    transferBody: {
      currency,
      lifetimeAmount: currency === 'GBP' ? '10.50' : '25.00',
      instructions: { transferDestinations: [destination] },
    },
  };
}

async function transferV1(ctx: FlowContext, bankId: string, ref: string, currency: 'GBP' | 'EUR', fault: FaultKind) {
  const stored = await call(`${ctx.apiUrl}/token-requests`, 'POST', ctx.auth, {
    requestPayload: transferPayload(ref, currency),
  });
  const id = (stored.body['tokenRequest'] as Json | undefined)?.['id'];
  if (typeof id !== 'string') return;
  const authorised = await call(
    `${ctx.apiUrl}/token-requests/${encodeURIComponent(id)}/authorization`,
    'POST',
    ctx.auth,
    {
      bankId,
    },
  );
  const redirectUrl = authorised.body['redirectUrl'];
  if (typeof redirectUrl !== 'string') return;
  const back = await approveAtBank(redirectUrl, USER).catch(() => undefined);
  if (back !== undefined) await comeBack(back, fault);
}

/** The bank a flow pays at, and the operation whose answer a lost or late answer fault hits there. */
export const FLOW_BANKS: Readonly<Record<Flow, { readonly bankId: string; readonly moneyCall: string }>> = {
  'uk-redirect-payment': { bankId: 'ob-sandbox-gb', moneyCall: 'domestic-payments' },
  'uk-decoupled-payment': { bankId: 'ob-sandbox-gb-decoupled', moneyCall: 'domestic-payments' },
  'bg-redirect-payment': { bankId: 'ob-sandbox-eu-redirect', moneyCall: 'payments' },
  'bg-decoupled-payment': { bankId: 'ob-sandbox-eu-decoupled', moneyCall: 'payments' },
  'uk-v1-transfer': { bankId: 'ob-sandbox-gb-payments', moneyCall: 'domestic-payments' },
  'bg-v1-transfer': { bankId: 'ob-sandbox-de-blz', moneyCall: 'payments' },
};

/** Drives one operation of a flow as a TPP and its user would; never throws. */
export async function runFlow(ctx: FlowContext, flow: Flow, fault: FaultKind): Promise<Started> {
  const { bankId } = FLOW_BANKS[flow];
  const ref = refId(flow);
  const started: Started = { flow, fault, bankId, refId: ref };
  try {
    switch (flow) {
      case 'uk-redirect-payment':
        await paymentV2(ctx, ukInitiation(bankId, ref), fault);
        break;
      case 'uk-decoupled-payment':
        await paymentV2(ctx, ukInitiation(bankId, ref, { risk: { psuId: USER } }), fault);
        break;
      case 'bg-redirect-payment':
        await paymentV2(ctx, sepaInitiation(bankId, ref), fault);
        break;
      case 'bg-decoupled-payment':
        await paymentV2(ctx, sepaInitiation(bankId, ref, { risk: { psuId: USER } }), fault);
        break;
      case 'uk-v1-transfer':
        await transferV1(ctx, bankId, ref, 'GBP', fault);
        break;
      case 'bg-v1-transfer':
        await transferV1(ctx, bankId, ref, 'EUR', fault);
        break;
    }
  } catch {
    // A flow meets faults on purpose; what happened is read from the gateway and the bank afterwards.
  }
  return started;
}
