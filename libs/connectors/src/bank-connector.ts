import type {
  AccountIdentifier,
  BankCallContext,
  BankOutcome,
  EmbeddedAuthStep,
  LocalInstrument,
  Money,
  PartyAccount,
} from './bank-types.js';

// ---- Payments (single immediate and future-dated) ------------------------------------------

export interface PaymentInitiation {
  /** Our id of the payment; banks see it as the end-to-end / instruction reference basis. */
  readonly paymentId: string;
  readonly refId: string;
  readonly amount: Money;
  readonly localInstrument: LocalInstrument;
  readonly creditor: PartyAccount;
  readonly debtor?: PartyAccount;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
  /** ISO 8601 date for a future-dated payment. */
  readonly executionDate?: string;
  readonly confirmFunds?: boolean;
  /** Where the bank sends the user back (the gateway's callback URL). */
  readonly redirectUri: string;
  /** Opaque value the gateway checks on the way back; bound to this payment. */
  readonly state: string;
  readonly nonce: string;
  /** For decoupled SCA: who the user is at the bank (a login hint). */
  readonly psuId?: string;
  readonly risk?: Readonly<Record<string, unknown>>;
}

/** What the bank asks for next after an initiation (or an embedded step). */
export type AuthorisationStep =
  | { readonly kind: 'redirect'; readonly redirectUrl: string }
  | { readonly kind: 'embedded'; readonly step: EmbeddedAuthStep }
  | { readonly kind: 'decoupled' }
  | { readonly kind: 'none' };

/** Identifiers the gateway keeps to continue a payment with the same bank. */
export interface BankPaymentHandle {
  /** The bank's consent / authorisation resource id. */
  readonly bankConsentId: string;
  /** The bank's payment id, once the payment itself exists at the bank. */
  readonly bankPaymentId?: string;
  /** Connector-private continuation data (e.g. a CIBA auth_req_id); stored opaque. */
  readonly continuation?: Readonly<Record<string, string>>;
}

export interface PaymentProgress {
  readonly handle: BankPaymentHandle;
  readonly outcome: BankOutcome;
  /** The bank's own status code, kept verbatim (bankPaymentStatus). */
  readonly bankStatus: string;
  /** Reason text from the bank, at most 256 characters. */
  readonly statusReason?: string;
  readonly next: AuthorisationStep;
  /** The account the user paid from, when the bank tells (refund account). */
  readonly debtor?: PartyAccount;
}

export interface RedirectCallback {
  readonly handle: BankPaymentHandle;
  /** Query (or form) parameters the bank sent back. */
  readonly params: Readonly<Record<string, string>>;
  readonly redirectUri: string;
  readonly initiation: PaymentInitiation;
}

// ---- VRP --------------------------------------------------------------------------------------

export interface VrpConsentRequest {
  readonly consentId: string;
  readonly refId: string;
  readonly creditor: PartyAccount;
  readonly debtor?: PartyAccount;
  readonly currency: string;
  readonly maximumIndividualAmount: string;
  readonly periodicLimits: readonly {
    readonly maximumAmount: string;
    readonly periodType: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
    readonly periodAlignment: 'CONSENT' | 'CALENDAR';
  }[];
  readonly validFrom?: string;
  readonly validTo?: string;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
}

export interface VrpConsentProgress {
  readonly bankConsentId: string;
  readonly outcome: BankOutcome;
  readonly bankStatus: string;
  readonly next: AuthorisationStep;
  /** Access token for later VRPs under this consent, kept encrypted by the caller. */
  readonly grant?: string;
}

export interface VrpRequest {
  readonly vrpId: string;
  readonly bankConsentId: string;
  readonly grant: string;
  readonly amount: Money;
  readonly creditor: PartyAccount;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
}

export interface VrpProgress {
  readonly bankVrpId: string;
  readonly outcome: BankOutcome;
  readonly bankStatus: string;
  readonly statusReason?: string;
}

// ---- Account information ------------------------------------------------------------------

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

// ---- Funds, payouts, settlement ----------------------------------------------------------

export interface FundsCheck {
  readonly bankConsentId: string;
  readonly grant?: string;
  readonly amount: Money;
  readonly reference: string;
}

export interface PayoutRequest {
  readonly payoutId: string;
  readonly refId: string;
  readonly amount: Money;
  readonly localInstrument: LocalInstrument;
  readonly debtorAccountId: string;
  readonly creditor: PartyAccount;
  readonly description: string;
}

export interface SettlementCredit {
  readonly providerPaymentId: string;
  readonly amount: Money;
  readonly createdAt: string;
  readonly description?: string;
  readonly localInstrument?: LocalInstrument;
  readonly debtorName?: string;
  readonly creditorName?: string;
}

export interface ConnectorHealth {
  readonly ais: 'UP' | 'DOWN';
  readonly pis: 'UP' | 'DOWN';
  readonly checkedAt: string;
  readonly latencyMs: number;
}

/**
 * Everything the gateway asks of a bank. A connector only builds requests and maps responses;
 * the shared HTTP client owns deadlines, retries of idempotent calls, tracing and redacted logs.
 * Errors are the typed BankRejectedError (bank 4xx), BankUnavailableError (bank 5xx),
 * BankDeadlineExceededError and BankOperationUnsupportedError (see bank-errors.ts).
 */
export interface BankConnector {
  /** The protocol this connector speaks (catalogue `connector.type`). */
  readonly protocol: string;

  initiatePayment(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress>;
  /** The user came back from the bank's page: exchange the code, submit the payment if needed. */
  completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress>;
  /** Field values for the current embedded SCA step; the bank may ask again. */
  submitEmbeddedAuth(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    values: Readonly<Record<string, string>>,
  ): Promise<PaymentProgress>;
  getPaymentStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
  ): Promise<PaymentProgress>;

  createVrpConsent(ctx: BankCallContext, request: VrpConsentRequest): Promise<VrpConsentProgress>;
  completeVrpConsentRedirect(
    ctx: BankCallContext,
    bankConsentId: string,
    params: Readonly<Record<string, string>>,
    redirectUri: string,
  ): Promise<VrpConsentProgress>;
  getVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<VrpConsentProgress>;
  revokeVrpConsent(ctx: BankCallContext, bankConsentId: string): Promise<void>;
  initiateVrp(ctx: BankCallContext, request: VrpRequest): Promise<VrpProgress>;
  getVrpStatus(ctx: BankCallContext, bankVrpId: string, grant: string): Promise<VrpProgress>;

  confirmFunds(ctx: BankCallContext, check: FundsCheck): Promise<{ readonly fundsAvailable: boolean }>;

  initiatePayout(ctx: BankCallContext, request: PayoutRequest): Promise<VrpProgress>;
  getPayoutStatus(ctx: BankCallContext, bankPaymentId: string): Promise<VrpProgress>;
  listSettlementCredits(
    ctx: BankCallContext,
    accountId: string,
    sinceIso: string,
  ): Promise<readonly SettlementCredit[]>;

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
  listAccounts(ctx: BankCallContext, grant: string): Promise<readonly BankAccount[]>;
  getBalances(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankBalance[]>;
  listTransactions(
    ctx: BankCallContext,
    grant: string,
    bankAccountId: string,
    query: TransactionQuery,
  ): Promise<readonly BankTransaction[]>;
  listStandingOrders(ctx: BankCallContext, grant: string, bankAccountId: string): Promise<readonly BankStandingOrder[]>;

  health(ctx: BankCallContext): Promise<ConnectorHealth>;
}
