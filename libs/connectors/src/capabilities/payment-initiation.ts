import type {
  BankCallContext,
  BankOutcome,
  EmbeddedAuthStep,
  LocalInstrument,
  Money,
  PartyAccount,
} from '../bank-types.js';

/** Single immediate and future-dated payments (PIS). */

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
  /** Who the user pays through, for the bank's consent page (see RequestingParty). */
  readonly requestingParty?: RequestingParty;
}

/**
 * The party a bank should name when it asks the user to authorise: the member that created the
 * payment or, when it pays on behalf of one, its sub-TPP. Banks that take it read it from where
 * their protocol has room (the OBIE request object's `requesting_party` claim).
 */
export interface RequestingParty {
  readonly displayName: string;
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

/** The user's answer at the bank for a two-step payment: the grant to submit it with later, or the refusal. */
export type RedirectAuthorisation =
  | { readonly kind: 'authorised'; readonly grant: string }
  | { readonly kind: 'refused'; readonly progress: PaymentProgress };

/** A decoupled approval still awaited, or the user's answer. */
export type DecoupledAuthorisation = { readonly kind: 'waiting' } | RedirectAuthorisation;

/**
 * Where a protocol has two steps (the user authorises a consent; the payment is submitted
 * later with the grant that gives), the steps apart: what Payments v1 needs to redeem a
 * transfer token explicitly. A one-step protocol (the bank executes the payment as the user
 * authorises it) has none.
 */
export interface ExplicitRedemption {
  /** The user came back: exchange the code for the grant, without submitting the payment. */
  authoriseRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<RedirectAuthorisation>;
  /**
   * A decoupled authorisation (the user approves in the bank's app): whether the user has
   * approved yet, without submitting the payment; once approved, the grant to submit it with.
   */
  authoriseDecoupled(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
  ): Promise<DecoupledAuthorisation>;
  /** Submit the authorised payment with the grant authoriseRedirect or authoriseDecoupled gave. */
  submitAuthorised(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: PaymentInitiation,
    grant: string,
  ): Promise<PaymentProgress>;
}

/**
 * Payment initiation at a bank: the initiation, the user's way back from the bank (redirect),
 * embedded SCA steps where the bank's protocol has them, and status reads.
 */
export interface PaymentInitiationCapability {
  initiatePayment(ctx: BankCallContext, initiation: PaymentInitiation): Promise<PaymentProgress>;
  /** The user came back from the bank's page: exchange the code, submit the payment if needed. */
  completeRedirect(ctx: BankCallContext, callback: RedirectCallback): Promise<PaymentProgress>;
  /**
   * Field values for the current embedded SCA step; the bank may ask again. A protocol without
   * embedded SCA answers BankOperationUnsupportedError.
   */
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
  /** Present where the protocol authorises and submits in two steps (see ExplicitRedemption). */
  readonly explicitRedemption?: ExplicitRedemption;
}
