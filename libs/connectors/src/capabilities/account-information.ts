import type { AccountIdentifier, BankCallContext, Money, PartyAccount } from '../bank-types.js';
import type { AuthorisationStep } from './payment-initiation.js';

/** Account information (AIS): an access consent, then reads with the grant it yields. */

export interface AccountAccessRequest {
  readonly permissions: readonly string[];
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  readonly expiresAt?: string;
}

export interface BankAccount {
  readonly bankAccountId: string;
  readonly name: string;
  readonly currency: string;
  readonly type: 'CHECKING' | 'SAVINGS' | 'LOAN' | 'CARD' | 'OTHER';
  readonly identifiers: readonly AccountIdentifier[];
  readonly holderName?: string;
  /** The interface's account fields the bank's standard gives, mapped field for field. */
  readonly details?: BankAccountDetails;
}

/** Account fields beyond the basics, already in the interface's words (AccountDetails, ProviderAccountDetails). */
export interface BankAccountDetails {
  readonly bic?: string;
  /** A card account's (masked) card number, when the bank identifies the account by it. */
  readonly pan?: string;
  /** The bank's account status code (OBIE Enabled/Disabled/..., XS2A enabled/deleted/blocked). */
  readonly status?: string;
  /** `{ cma9AccountDetails }` or `{ nextGenPsd2AccountDetails }`. */
  readonly providerAccountDetails?: Readonly<Record<string, unknown>>;
}

/** Which of the interface's Balance fields a bank balance fills: `available`, `current` or `otherBalances`. */
export type BalanceRole = 'AVAILABLE' | 'CURRENT' | 'OTHER';

export interface BankBalance {
  readonly type: string;
  readonly amount: Money;
  readonly creditDebit: 'CREDIT' | 'DEBIT';
  readonly dateTime: string;
  /** Where the interface shows this balance; from an exhaustive table over the standard's balance types. */
  readonly role?: BalanceRole;
}

export interface BankTransaction {
  readonly bankTransactionId: string;
  readonly amount: Money;
  readonly creditDebit: 'CREDIT' | 'DEBIT';
  readonly status: 'BOOKED' | 'PENDING' | 'REJECTED';
  readonly bookingDateTime: string;
  readonly description?: string;
  readonly counterparty?: PartyAccount;
  readonly details?: BankTransactionDetails;
}

/** Transaction fields beyond the basics, in the interface's words (BankTransactionCode, ProviderTransactionDetails). */
export interface BankTransactionDetails {
  readonly bankTransactionCode?: Readonly<Record<string, unknown>>;
  /** `{ cma9ApiTransactionDetails }` or `{ nextGenPsd2TransactionDetails }`. */
  readonly providerTransactionDetails?: Readonly<Record<string, unknown>>;
  /** Bank fields the interface has no place for, as text (the Transaction's `metadata`). */
  readonly metadata?: Readonly<Record<string, string>>;
}

/** The interface's StandingOrderStatus values a bank's codes map to. */
export type StandingOrderStatusCode = 'ACTIVE' | 'INACTIVE' | 'PROCESSING' | 'FAILED' | 'UNKNOWN';

export interface BankStandingOrder {
  readonly bankStandingOrderId: string;
  readonly frequency: string;
  readonly reference?: string;
  readonly nextPaymentDateTime?: string;
  readonly nextPaymentAmount?: Money;
  readonly creditor?: PartyAccount;
  readonly status?: string;
  readonly details?: BankStandingOrderDetails;
}

/** Standing-order fields in the interface's words. */
export interface BankStandingOrderDetails {
  /** The ISO 20022 frequency code (DAIL, WEEK, TOWK, MNTH, TOMN, QUTR, SEMI, YEAR) the bank's frequency is. */
  readonly frequencyCode: string;
  readonly statusCode: StandingOrderStatusCode;
  /** When the order began (its first payment), ISO 8601. */
  readonly createdAt?: string;
  /** `{ cma9StandingOrderDetails }`. */
  readonly providerStandingOrderDetails?: Readonly<Record<string, unknown>>;
}

export interface TransactionQuery {
  readonly from?: string;
  readonly to?: string;
}

export interface AccountInformationCapability {
  createAccountAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }>;
  /** Exchanges the code for an access grant the caller keeps (encrypted) for later reads. */
  completeAccountAccessRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<{ readonly grant: string }>;
  /**
   * Revokes the access consent at the bank (the user's or the TPP's cancellation); a consent the
   * bank already ended counts as revoked.
   */
  revokeAccountAccess(ctx: BankCallContext, bankConsentId: string): Promise<void>;
  listAccounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]>;
  getBalances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]>;
  listTransactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]>;
  /** A protocol without standing-order reads answers BankOperationUnsupportedError. */
  listStandingOrders(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankStandingOrder[]>;
}
