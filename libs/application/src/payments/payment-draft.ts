import type { NewPayment } from '#libs/db';
import { randomBase58, newId, type MemberId, type PaymentInitiationInput } from '#libs/domain';
import type { PaymentRules } from './payment-rules.js';

/** A payment about to be stored: its ids, secrets, request and timing, before any bank answer. */
export function draftPayment(
  memberId: MemberId,
  input: PaymentInitiationInput,
  now: Date,
  rules: PaymentRules,
): NewPayment & { readonly id: string; readonly callbackToken: string; readonly nonce: string } {
  return {
    id: newId('pm2'),
    memberId,
    bankId: input.bankId ?? null,
    refId: input.refId,
    onBehalfOfId: input.onBehalfOfId ?? null,
    externalPsuReference: input.externalPsuReference ?? null,
    flowType: input.flowType ?? 'API_ONLY',
    status: 'INITIATION_PENDING',
    initiation: JSON.parse(JSON.stringify(input)) as NewPayment['initiation'],
    amount: input.amount.value,
    currency: input.amount.currency,
    localInstrument: input.localInstrument,
    virtualAccountId: input.creditor.virtualAccountId ?? null,
    callbackToken: randomBase58(32),
    nonce: randomBase58(24),
    pollUntil: new Date(now.getTime() + rules.pollingMs),
    createdAt: now,
    updatedAt: now,
  };
}
