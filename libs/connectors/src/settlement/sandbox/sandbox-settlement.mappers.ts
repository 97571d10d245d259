import { lookupOutcome, lookupStatus } from '../../bank-status-codes.js';
import type { BankOutcome, Money } from '../../bank-types.js';
import type { InitiationProgress } from '../../capabilities/initiation-progress.js';
import {
  MalformedBankResponseError,
  asObject,
  objectAt,
  optionalText,
  textAt,
  type JsonObject,
} from '../../http/bank-json.js';
import type {
  AccountVerificationOutcome,
  AccountVerificationReason,
  AccountVerificationStatus,
  ProviderSettlementAccount,
  SettlementAccountStatus,
  SettlementCredit,
  SettlementLocalInstrument,
  SettlementParty,
} from '../settlement-provider-connector.js';

/**
 * The sandbox settlement provider's code sets and what each means for the gateway. Every table
 * is a Record over the complete set, so a code added to a set without a meaning does not compile;
 * a code the provider sends outside its set is an UnknownBankStatusError.
 */

/** The provider's account statuses. */
export const PROVIDER_ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED', 'BLOCKED'] as const;
export type ProviderAccountStatus = (typeof PROVIDER_ACCOUNT_STATUSES)[number];

export const ACCOUNT_STATUSES: Readonly<Record<ProviderAccountStatus, SettlementAccountStatus>> = {
  ACTIVE: 'ACTIVE',
  CLOSED: 'CLOSED',
  BLOCKED: 'BLOCKED',
};

/** The provider's payout statuses. */
export const PROVIDER_PAYOUT_STATUSES = ['PROCESSING', 'SETTLED', 'REJECTED', 'FAILED'] as const;
export type ProviderPayoutStatus = (typeof PROVIDER_PAYOUT_STATUSES)[number];

export const PAYOUT_STATUS_OUTCOMES: Readonly<Record<ProviderPayoutStatus, BankOutcome>> = {
  PROCESSING: 'PROCESSING',
  SETTLED: 'COMPLETED',
  REJECTED: 'REJECTED',
  FAILED: 'FAILED',
};

/** ISO 20022 reason codes the provider gives with a rejected or failed payout. */
export const PROVIDER_PAYOUT_REASONS = ['AM04', 'AC04', 'MS03'] as const;
export type ProviderPayoutReason = (typeof PROVIDER_PAYOUT_REASONS)[number];

/** What each reason says, and the outcome it makes of a rejection when it is a more precise one. */
export const PAYOUT_REASONS: Readonly<
  Record<ProviderPayoutReason, { readonly text: string; readonly rejection?: BankOutcome }>
> = {
  AM04: { text: 'Insufficient funds in the settlement account.', rejection: 'REJECTED_INSUFFICIENT_FUNDS' },
  AC04: { text: 'The creditor account is closed.' },
  MS03: { text: 'Reason not specified.' },
};

/** The rails the provider names. */
export const PROVIDER_LOCAL_INSTRUMENTS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type ProviderLocalInstrument = (typeof PROVIDER_LOCAL_INSTRUMENTS)[number];

export const LOCAL_INSTRUMENTS: Readonly<Record<ProviderLocalInstrument, SettlementLocalInstrument>> = {
  SEPA: 'SEPA',
  SEPA_INSTANT: 'SEPA_INSTANT',
  FASTER_PAYMENTS: 'FASTER_PAYMENTS',
};

/** EPC Verification of Payee result codes. */
export const PAYEE_CHECK_RESULTS = ['MTCH', 'CMTC', 'NMTC', 'NOAP'] as const;
export type PayeeCheckResult = (typeof PAYEE_CHECK_RESULTS)[number];

export const PAYEE_CHECK_OUTCOMES: Readonly<
  Record<
    PayeeCheckResult,
    {
      readonly status: AccountVerificationStatus;
      readonly reasons: readonly AccountVerificationReason[];
      readonly details: string;
    }
  >
> = {
  MTCH: { status: 'MATCH', reasons: ['EXACT_MATCH'], details: 'The account details match.' },
  CMTC: { status: 'CLOSE_MATCH', reasons: ['NAME_MISMATCH'], details: 'The name provided is a close match.' },
  NMTC: { status: 'NO_MATCH', reasons: ['NAME_MISMATCH'], details: 'The name provided does not match the account.' },
  NOAP: { status: 'VERIFICATION_NOT_POSSIBLE', reasons: ['UNKNOWN'], details: 'The check cannot be completed.' },
};

const DECIMAL = /^-?\d{1,14}(\.\d{1,5})?$/;

function moneyAt(body: unknown, key: string, path: string): Money {
  const money = objectAt(body, key, path);
  const value = textAt(money, 'value', `${path}.value`);
  if (!DECIMAL.test(value)) throw new MalformedBankResponseError(`${path}.value`);
  return { value, currency: textAt(money, 'currency', `${path}.currency`) };
}

function decimalAt(body: unknown, key: string, path: string): string | undefined {
  const value = optionalText(body, key);
  if (value !== undefined && !DECIMAL.test(value)) throw new MalformedBankResponseError(path);
  return value;
}

function party(body: JsonObject | undefined): SettlementParty | undefined {
  if (body === undefined) return undefined;
  const fields = {
    name: optionalText(body, 'name'),
    iban: optionalText(body, 'iban'),
    bic: optionalText(body, 'bic'),
    accountNumber: optionalText(body, 'accountNumber'),
    sortCode: optionalText(body, 'sortCode'),
  };
  const present = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return Object.keys(present).length === 0 ? undefined : present;
}

function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined)) as T;
}

/** An account as the provider answers it. */
export function toSettlementAccount(body: unknown): ProviderSettlementAccount {
  const balances = asObject(asObject(body)?.['balances']);
  return defined({
    providerAccountId: textAt(body, 'id', 'id'),
    status: lookupStatus('account status', ACCOUNT_STATUSES, asObject(body)?.['status']).value,
    currency: textAt(body, 'currency', 'currency'),
    country: textAt(body, 'country', 'country'),
    accountName: optionalText(body, 'name'),
    iban: optionalText(body, 'iban'),
    bic: optionalText(body, 'bic'),
    accountNumber: optionalText(body, 'accountNumber'),
    sortCode: optionalText(body, 'sortCode'),
    availableBalance: decimalAt(balances, 'available', 'balances.available'),
    bookedBalance: decimalAt(balances, 'booked', 'balances.booked'),
    clearedBalance: decimalAt(balances, 'cleared', 'balances.cleared'),
  });
}

/** A credit as the provider answers it. */
export function toSettlementCredit(body: unknown): SettlementCredit {
  const instrument = optionalText(body, 'localInstrument');
  const createdDateTime = textAt(body, 'createdDateTime', 'createdDateTime');
  if (Number.isNaN(Date.parse(createdDateTime))) throw new MalformedBankResponseError('createdDateTime');
  return defined({
    providerPaymentId: textAt(body, 'id', 'id'),
    amount: moneyAt(body, 'amount', 'amount'),
    createdDateTime,
    description: optionalText(body, 'description'),
    localInstrument:
      instrument === undefined ? undefined : lookupStatus('local instrument', LOCAL_INSTRUMENTS, instrument).value,
    debtor: party(asObject(asObject(body)?.['debtor'])),
    creditor: party(asObject(asObject(body)?.['creditor'])),
    refId: optionalText(body, 'refId'),
  });
}

/**
 * A payout's progress: its status as the outcome, a rejection for lack of funds (AM04) as
 * REJECTED_INSUFFICIENT_FUNDS, and the reason as `<code>: <text>`.
 */
export function toPayoutProgress(body: unknown): InitiationProgress {
  const { status, outcome } = lookupOutcome('payout status', PAYOUT_STATUS_OUTCOMES, asObject(body)?.['status']);
  const code = asObject(body)?.['reasonCode'];
  const reason = code === undefined || code === null ? undefined : lookupStatus('payout reason', PAYOUT_REASONS, code);
  return defined({
    bankPaymentId: textAt(body, 'id', 'id'),
    outcome: status === 'REJECTED' ? (reason?.value.rejection ?? outcome) : outcome,
    bankStatus: status,
    statusReason: reason === undefined ? undefined : `${reason.status}: ${reason.value.text}`,
  });
}

/** A payee check's answer in the interface's AccountVerificationResponse.result words. */
export function toVerificationOutcome(body: unknown): AccountVerificationOutcome {
  const { status: code, value } = lookupStatus('payee check result', PAYEE_CHECK_OUTCOMES, asObject(body)?.['result']);
  const matchedName = optionalText(body, 'matchedName');
  const accountFound = asObject(body)?.['accountFound'];
  const reasons: readonly AccountVerificationReason[] =
    code === 'NMTC' && accountFound === false ? ['ACCOUNT_MISMATCH', ...value.reasons] : value.reasons;
  return defined({
    status: value.status,
    reasons,
    matchedName: code === 'CMTC' ? matchedName : undefined,
    details: accountFound === false ? 'The account and name do not match.' : value.details,
  });
}
