import type { BankOutcomeName, NextStepKind } from '../shared/bank-outcome.js';
import type { PaymentStatus } from './payment-status.js';

const WHILE_AUTHORISING: Readonly<Record<NextStepKind, PaymentStatus>> = {
  redirect: 'INITIATION_PENDING_REDIRECT_AUTH',
  embedded: 'INITIATION_PENDING_EMBEDDED_AUTH',
  decoupled: 'INITIATION_PENDING_DECOUPLED_AUTH',
  none: 'INITIATION_PENDING',
};

const AFTER_AUTHORISING: Readonly<Record<Exclude<BankOutcomeName, 'AWAITING_AUTHORISATION'>, PaymentStatus>> = {
  PENDING: 'INITIATION_PROCESSING',
  PROCESSING: 'INITIATION_PROCESSING',
  COMPLETED: 'INITIATION_COMPLETED',
  REJECTED: 'INITIATION_REJECTED',
  REJECTED_INSUFFICIENT_FUNDS: 'INITIATION_REJECTED_INSUFFICIENT_FUNDS',
  FAILED: 'INITIATION_FAILED',
  DECLINED: 'INITIATION_DECLINED',
  CANCELED: 'CANCELED',
};

/**
 * The payment status a bank reading stands for. While the user has not authorised, the next step
 * decides (redirect, embedded fields, decoupled approval, or nothing yet); after that, the outcome.
 */
export function paymentStatusFor(outcome: BankOutcomeName, next: NextStepKind): PaymentStatus {
  if (outcome === 'AWAITING_AUTHORISATION') return WHILE_AUTHORISING[next];
  return AFTER_AUTHORISING[outcome];
}
