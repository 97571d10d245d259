import type { Money } from '../bank-types.js';
import type { InitiationProgress } from '../capabilities/initiation-progress.js';

/**
 * The second connector family: settlement providers, which hold the gateway's settlement
 * (virtual) accounts, report the credits those accounts receive and send payouts from them.
 * Connectors are keyed by provider id (SettlementProviderRegistry), not by bank. Field names and
 * enums follow the interface's virtual-account and payout resources; amounts are decimal strings.
 * Errors are the same typed errors as a bank's, naming the provider: BankRejectedError (4xx),
 * BankUnavailableError (5xx, an unreachable provider, or an answer without the shape the
 * provider's API gives it), BankDeadlineExceededError.
 *
 * Payouts report their progress as InitiationProgress; the outcome maps to the payout statuses:
 * PENDING -> INITIATION_PENDING, PROCESSING -> INITIATION_PROCESSING, COMPLETED ->
 * INITIATION_COMPLETED, REJECTED and REJECTED_INSUFFICIENT_FUNDS -> INITIATION_REJECTED, FAILED
 * -> INITIATION_FAILED. A refusal for lack of funds in the settlement account is told apart by its
 * outcome, REJECTED_INSUFFICIENT_FUNDS, and its statusReason starts with the ISO 20022 reason
 * code (`AM04: ...`); every other rejection or failure also carries its reason code first.
 */

/** Every call carries the provider it goes to, a deadline, and the trace to log under. */
export interface ProviderCallContext {
  readonly providerId: string;
  /** Absolute deadline (ms since the epoch, wall clock) for the whole call, retries included. */
  readonly deadlineMs: number;
  readonly traceId?: string;
}

/** The interface's VirtualAccount.Status values (INVALID, the unset default, is never reported). */
export const SETTLEMENT_ACCOUNT_STATUSES = ['ACTIVE', 'CLOSED', 'BLOCKED', 'CLIENT_BLOCKED'] as const;
export type SettlementAccountStatus = (typeof SETTLEMENT_ACCOUNT_STATUSES)[number];

/** The rails a settlement account is credited or paid out over (VirtualAccountTransaction.localInstrument). */
export const SETTLEMENT_LOCAL_INSTRUMENTS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type SettlementLocalInstrument = (typeof SETTLEMENT_LOCAL_INSTRUMENTS)[number];

/** Opening an account (CreateVirtualAccountRequest), with the gateway's own id for it. */
export interface OpenSettlementAccountRequest {
  /** The gateway's id of the account (`accountId` in the interface); the provider's reference. */
  readonly accountId: string;
  /** ISO 4217 currency. */
  readonly currency: string;
  /** ISO 3166-1 alpha-2 country. */
  readonly country: string;
  readonly accountNickName?: string;
  /** The sub-TPP the account is opened for, when it is. */
  readonly onBehalfOfId?: string;
}

/** An account as the provider reports it (the provider's part of VirtualAccount). */
export interface ProviderSettlementAccount {
  /** The provider's id of the account; the gateway passes it back on every later call. */
  readonly providerAccountId: string;
  readonly status: SettlementAccountStatus;
  readonly currency: string;
  readonly country: string;
  readonly accountName?: string;
  readonly iban?: string;
  readonly bic?: string;
  /** UK or Ireland account number and sort code. */
  readonly accountNumber?: string;
  readonly sortCode?: string;
  /** Decimal strings in the account's currency. */
  readonly availableBalance?: string;
  readonly bookedBalance?: string;
  readonly clearedBalance?: string;
}

/** A payer or payee as a settlement transaction names them. */
export interface SettlementParty {
  readonly name?: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly accountNumber?: string;
  readonly sortCode?: string;
}

/** One credit the account received (a CREDIT VirtualAccountTransaction). */
export interface SettlementCredit {
  /** The provider's unique id of the transaction. */
  readonly providerPaymentId: string;
  readonly amount: Money;
  /** ISO 8601. */
  readonly createdDateTime: string;
  readonly description?: string;
  readonly localInstrument?: SettlementLocalInstrument;
  readonly debtor?: SettlementParty;
  readonly creditor?: SettlementParty;
  /** The reference the payer sent (matched against payments' refIds when reconciling). */
  readonly refId?: string;
}

/** Credits received after a point: the cursor of the previous page, or else a time. */
export interface SettlementCreditQuery {
  /** ISO 8601: credits created at or after this time (used when there is no cursor yet). */
  readonly since: string;
  /** Opaque cursor from the previous page; the provider resumes after it. */
  readonly cursor?: string;
  readonly limit?: number;
}

export interface SettlementCreditPage {
  readonly credits: readonly SettlementCredit[];
  /** Where the next read resumes (kept by the caller even when the page is empty). */
  readonly cursor?: string;
}

/** The creditor of a payout (CreditorInformationPayout). */
export interface PayoutCreditor extends SettlementParty {
  readonly ultimateCreditorName?: string;
  readonly bankName?: string;
}

/** A payout from a settlement account (ResolvedPayoutInitiation, the debtor resolved to the provider's account). */
export interface PayoutRequest {
  /** Our id of the payout; the provider's idempotency basis. */
  readonly payoutId: string;
  readonly refId: string;
  readonly amount: Money;
  /** The payment reference the creditor sees. */
  readonly description: string;
  /** The provider's id of the settlement account paid from. */
  readonly providerAccountId: string;
  readonly creditor: PayoutCreditor;
}

/** The kinds of account holder a verification asks about. */
export const ACCOUNT_VERIFICATION_ACCOUNT_TYPES = ['PERSONAL', 'BUSINESS'] as const;
export type AccountVerificationAccountType = (typeof ACCOUNT_VERIFICATION_ACCOUNT_TYPES)[number];

/**
 * A payee check (Confirmation of Payee, or SEPA Verification of Payee): does `name` hold the
 * account? An IBAN, or a UK sort code and account number.
 */
export interface AccountVerificationRequest {
  readonly name: string;
  /** ISO 4217. */
  readonly currency: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
  readonly accountType?: AccountVerificationAccountType;
}

/** AccountVerificationResponse.result.status. */
export const ACCOUNT_VERIFICATION_STATUSES = ['MATCH', 'CLOSE_MATCH', 'NO_MATCH', 'VERIFICATION_NOT_POSSIBLE'] as const;
export type AccountVerificationStatus = (typeof ACCOUNT_VERIFICATION_STATUSES)[number];

/** AccountVerificationResponse.result.reasons. */
export const ACCOUNT_VERIFICATION_REASONS = ['UNKNOWN', 'EXACT_MATCH', 'NAME_MISMATCH', 'ACCOUNT_MISMATCH'] as const;
export type AccountVerificationReason = (typeof ACCOUNT_VERIFICATION_REASONS)[number];

/** The provider's answer, in the interface's AccountVerificationResponse.result words. */
export interface AccountVerificationOutcome {
  readonly status: AccountVerificationStatus;
  readonly reasons: readonly AccountVerificationReason[];
  /** The account holder's name, when the provider tells it (a close match). */
  readonly matchedName?: string;
  /** A human-readable explanation of the outcome. */
  readonly details: string;
}

export interface SettlementProviderConnector {
  /** The provider this connector speaks to (the registry key). */
  readonly providerId: string;
  openAccount(ctx: ProviderCallContext, request: OpenSettlementAccountRequest): Promise<ProviderSettlementAccount>;
  getAccount(ctx: ProviderCallContext, providerAccountId: string): Promise<ProviderSettlementAccount>;
  listCredits(
    ctx: ProviderCallContext,
    providerAccountId: string,
    query: SettlementCreditQuery,
  ): Promise<SettlementCreditPage>;
  /**
   * One credit of the account by the provider's id of it (`providerPaymentId`); a credit the
   * provider does not have, or that has not arrived yet, is a BankRejectedError with status 404.
   */
  getCredit(ctx: ProviderCallContext, providerAccountId: string, providerPaymentId: string): Promise<SettlementCredit>;
  /** Sends the payout; the same payoutId twice is one payout. */
  sendPayout(ctx: ProviderCallContext, request: PayoutRequest): Promise<InitiationProgress>;
  getPayoutStatus(ctx: ProviderCallContext, bankPaymentId: string): Promise<InitiationProgress>;
  /** Checks a payee's name against an account before paying it out. */
  verifyAccount(ctx: ProviderCallContext, request: AccountVerificationRequest): Promise<AccountVerificationOutcome>;
}
