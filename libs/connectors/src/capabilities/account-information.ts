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
}

export interface BankBalance {
  readonly type: string;
  readonly amount: Money;
  readonly creditDebit: 'CREDIT' | 'DEBIT';
  readonly dateTime: string;
}

export interface BankTransaction {
  readonly bankTransactionId: string;
  readonly amount: Money;
  readonly creditDebit: 'CREDIT' | 'DEBIT';
  readonly status: 'BOOKED' | 'PENDING';
  readonly bookingDateTime: string;
  readonly description?: string;
  readonly counterparty?: PartyAccount;
}

export interface BankStandingOrder {
  readonly bankStandingOrderId: string;
  readonly frequency: string;
  readonly reference?: string;
  readonly nextPaymentDateTime?: string;
  readonly nextPaymentAmount?: Money;
  readonly creditor?: PartyAccount;
  readonly status?: string;
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
