import type { AccountIdentifier, AuthorisationStep, PartyAccount, PaymentProgress } from '#libs/connectors';
import type { Payment, PaymentChange, Prisma } from '#libs/db';
import {
  AWAITING_USER_STATUSES,
  newTokenizedAccountId,
  paymentStatusFor,
  type PaymentInitiationInput,
  type PaymentStatus,
} from '#libs/domain';
import type { PaymentRules } from './payment-rules.js';

/** The reference spec's `authentication`: a RedirectUrl or an EmbeddedAuth object; null otherwise. */
export function authenticationOf(next: AuthorisationStep): Prisma.InputJsonValue | null {
  if (next.kind === 'redirect') return { redirectUrl: next.redirectUrl };
  if (next.kind !== 'embedded') return null;
  const step = next.step;
  return JSON.parse(
    JSON.stringify({
      fields: step.fields,
      description: step.description,
      isRetry: step.isRetry,
      ...(step as { readonly image?: string }),
    }),
  ) as Prisma.InputJsonValue;
}

/** An account as the reference spec's RefundAccount names its fields, with the holder's name. */
export function refundAccountOf(account: PartyAccount): Prisma.InputJsonValue {
  const identifier: AccountIdentifier = account.identifier;
  const fields: Record<string, string> = {};
  switch (identifier.type) {
    case 'iban':
      fields['iban'] = identifier.iban;
      if (identifier.bic !== undefined) fields['bic'] = identifier.bic;
      break;
    case 'gbDomestic':
      fields['sortCode'] = identifier.sortCode;
      fields['accountNumber'] = identifier.accountNumber;
      break;
    case 'bban':
      fields['bban'] = identifier.bban;
      if (identifier.bic !== undefined) fields['bic'] = identifier.bic;
      break;
    case 'bankgiro':
      fields['bankgiroNumber'] = identifier.bankgiroNumber;
      break;
    case 'plusgiro':
      fields['plusgiroNumber'] = identifier.plusgiroNumber;
      break;
  }
  return { ...fields, ...(account.name === '' ? {} : { name: account.name }) };
}

/**
 * Whether a bank reading makes the payment's Account on File: the initiation asked for one
 * (returnTokenizedAccount), none was made yet, and the bank named the debtor account the user chose.
 */
export function makesTokenizedAccount(
  payment: Pick<Payment, 'tokenizedAccountId'> & { readonly initiation: unknown },
  progress: PaymentProgress,
): boolean {
  const initiation = payment.initiation as PaymentInitiationInput;
  return (
    initiation.returnTokenizedAccount === true && payment.tokenizedAccountId === null && progress.debtor !== undefined
  );
}

/**
 * The change a bank reading makes to a payment: the status it stands for, the user's next step,
 * the bank's ids and raw status, its reason (at most 256 characters), the debtor account when
 * the TPP asked for it (as the refund account; as a new Account on File's id, whose details the
 * caller stores with the change). Entering a step that waits for the user starts its window; leaving one
 * ends it.
 */
export function changeFromProgress(
  payment: Pick<Payment, 'status' | 'expiresAt' | 'tokenizedAccountId'> & { readonly initiation: unknown },
  progress: PaymentProgress,
  now: Date,
  rules: PaymentRules,
): PaymentChange {
  const status: PaymentStatus = paymentStatusFor(progress.outcome, progress.next.kind);
  const initiation = payment.initiation as PaymentInitiationInput;
  const waitsForUser = AWAITING_USER_STATUSES.has(status);
  const expiresAt = !waitsForUser
    ? null
    : status === payment.status && payment.expiresAt !== null
      ? payment.expiresAt
      : new Date(now.getTime() + rules.authorisationWindowMs);
  return {
    status,
    updatedAt: now,
    bankConsentId: progress.handle.bankConsentId,
    ...(progress.handle.bankPaymentId === undefined ? {} : { bankPaymentId: progress.handle.bankPaymentId }),
    bankContinuation: progress.handle.continuation === undefined ? null : { ...progress.handle.continuation },
    bankPaymentStatus: progress.bankStatus,
    ...(progress.statusReason === undefined ? {} : { statusReasonInformation: progress.statusReason.slice(0, 256) }),
    authentication: authenticationOf(progress.next),
    ...(initiation.returnRefundAccount === true && progress.debtor !== undefined
      ? { refundAccount: refundAccountOf(progress.debtor) }
      : {}),
    ...(makesTokenizedAccount(payment, progress) ? { tokenizedAccountId: newTokenizedAccountId() } : {}),
    expiresAt,
  };
}
