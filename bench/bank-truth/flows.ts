import { approveAtBank } from './bank-pages.js';
import type { FaultKind, Flow } from './fault-plan.js';
import {
  comeBack,
  newIdempotencyKey,
  newRefId,
  send,
  TPP_CALLBACK,
  USER,
  type FlowContext,
  type Json,
  type Started,
} from './flow-client.js';
import { embeddedPayment } from './embedded-flow.js';
import { paymentLinkUse } from './payment-link-flow.js';
import { payout } from './payout-flow.js';
import { refund } from './refund-flow.js';
import { vrp } from './vrp-flow.js';

export type { FlowContext, Started } from './flow-client.js';

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

/** A Payments v2 payment: created under an Idempotency-Key, approved at the bank, the browser back. */
async function paymentV2(ctx: FlowContext, initiation: Json, fault: FaultKind): Promise<void> {
  const created = await send(ctx, `${ctx.apiUrl}/v2/payments`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: { initiation },
  });
  const payment = created.body['payment'] as Json | undefined;
  const redirectUrl = (payment?.['authentication'] as Json | undefined)?.['redirectUrl'];
  if (typeof redirectUrl !== 'string') return; // decoupled, or no answer: the gateway carries on alone
  const back = await approveAtBank(redirectUrl, USER).catch(() => undefined);
  if (back !== undefined) await comeBack(ctx, back, fault);
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
    callbackState: `state-${ref}`,
    description: ref,
    transferBody: {
      currency,
      lifetimeAmount: currency === 'GBP' ? '10.50' : '25.00',
      instructions: { transferDestinations: [destination] },
    },
  };
}

async function transferV1(ctx: FlowContext, bankId: string, ref: string, currency: 'GBP' | 'EUR', fault: FaultKind) {
  const stored = await send(ctx, `${ctx.apiUrl}/token-requests`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: { requestPayload: transferPayload(ref, currency) },
  });
  const id = (stored.body['tokenRequest'] as Json | undefined)?.['id'];
  if (typeof id !== 'string') return;
  const authorised = await send(ctx, `${ctx.apiUrl}/token-requests/${encodeURIComponent(id)}/authorization`, 'POST', {
    body: { bankId },
  });
  const redirectUrl = authorised.body['redirectUrl'];
  if (typeof redirectUrl !== 'string') return;
  const back = await approveAtBank(redirectUrl, USER).catch(() => undefined);
  if (back !== undefined) await comeBack(ctx, back, fault);
}

/**
 * The bank (or settlement provider) a flow pays at, the operation whose answer a lost or late
 * answer fault hits there, and a short code for its end-to-end ids.
 */
export const FLOW_BANKS: Readonly<
  Record<Flow, { readonly bankId: string; readonly moneyCall: string; readonly code: string }>
> = {
  'uk-redirect-payment': { bankId: 'ob-sandbox-gb', moneyCall: 'domestic-payments', code: 'ur' },
  'uk-decoupled-payment': { bankId: 'ob-sandbox-gb-decoupled', moneyCall: 'domestic-payments', code: 'ud' },
  'bg-redirect-payment': { bankId: 'ob-sandbox-eu-redirect', moneyCall: 'payments', code: 'br' },
  'bg-decoupled-payment': { bankId: 'ob-sandbox-eu-decoupled', moneyCall: 'payments', code: 'bd' },
  'bg-embedded-payment': { bankId: 'ob-sandbox-eu', moneyCall: 'payments', code: 'be' },
  'uk-vrp': { bankId: 'ob-sandbox-gb', moneyCall: 'domestic-vrps', code: 'uv' },
  'uk-refund': { bankId: 'ob-sandbox-gb', moneyCall: 'domestic-payments', code: 'rf' },
  payout: { bankId: 'sandbox-bank', moneyCall: 'payouts', code: 'po' },
  'payment-link': { bankId: 'ob-sandbox-gb', moneyCall: 'domestic-payments', code: 'pl' },
  'uk-v1-transfer': { bankId: 'ob-sandbox-gb-payments', moneyCall: 'domestic-payments', code: 'ut' },
  'bg-v1-transfer': { bankId: 'ob-sandbox-de-blz', moneyCall: 'payments', code: 'bt' },
};

/** Drives one operation of a flow as a TPP and its user would; never throws. */
export async function runFlow(ctx: FlowContext, flow: Flow, fault: FaultKind): Promise<Started> {
  const { bankId, code } = FLOW_BANKS[flow];
  const ref = newRefId(code);
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
      case 'bg-embedded-payment':
        await embeddedPayment(ctx, sepaInitiation(bankId, ref));
        break;
      case 'uk-vrp':
        await vrp(ctx, ref);
        break;
      case 'uk-refund':
        await refund(ctx, ref);
        break;
      case 'payout':
        await payout(ctx, ref);
        break;
      case 'payment-link':
        await paymentLinkUse(ctx, started, fault);
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
