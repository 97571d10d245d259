import type {
  AccountAccessRequest,
  BankAccount,
  BankBalance,
  BankTransaction,
  TransactionQuery,
} from './capabilities/account-information.js';
import type {
  AuthorisationStep,
  PaymentInitiation,
  PaymentProgress,
  RedirectCallback,
} from './capabilities/payment-initiation.js';
import type { BankCallContext } from './bank-types.js';
import { guardBankAnswer } from './connector-calls.js';

/** The payment calls a protocol's payment part answers for its connector. */
export interface PaymentPart {
  initiate(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress>;
  completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress>;
}

/** The account-information calls a protocol's account part answers for its connector. */
export interface AccountPart {
  createAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }>;
  accounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]>;
  balances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]>;
  transactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]>;
}

/**
 * The connector calls every protocol hands to its payment and account parts unchanged, each
 * guarded (a bank answer outside the standard is BankUnavailableError). A protocol's connector
 * extends this and writes only the calls in which it differs.
 */
export abstract class GuardedBankCalls {
  protected abstract readonly payments: PaymentPart;
  protected abstract readonly ais: AccountPart;

  initiatePayment(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.initiate(ctx, initiation));
  }

  completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress> {
    return guardBankAnswer(ctx, () => this.payments.completeRedirect(ctx, callback));
  }

  createAccountAccess(
    ctx: BankCallContext,
    request: AccountAccessRequest,
  ): Promise<{ readonly bankConsentId: string; readonly next: AuthorisationStep }> {
    return guardBankAnswer(ctx, () => this.ais.createAccess(ctx, request));
  }

  listAccounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]> {
    return guardBankAnswer(ctx, () => this.ais.accounts(ctx, grant));
  }

  getBalances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]> {
    return guardBankAnswer(ctx, () => this.ais.balances(ctx, grant, bankAccountId));
  }

  listTransactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]> {
    return guardBankAnswer(ctx, () => this.ais.transactions(ctx, grant, bankAccountId, query));
  }
}
