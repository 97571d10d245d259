import type { StandingOrderFrequency } from '#libs/domain';
import type { BankCallContext, LocalInstrument, Money, PartyAccount } from '../bank-types.js';
import type {
  BankPaymentHandle,
  DecoupledAuthorisation,
  PaymentProgress,
  RedirectAuthorisation,
  RequestingParty,
} from './payment-initiation.js';

export { STANDING_ORDER_FREQUENCIES, type StandingOrderFrequency } from '#libs/domain';

/** A standing order to set up at the bank (UK Open Banking domestic standing orders; Berlin Group periodic payments). */
export interface StandingOrderInitiation {
  /** Our id of the standing order (the token request's id); banks see it as the idempotency and instruction basis. */
  readonly standingOrderId: string;
  readonly refId: string;
  /** The amount of each payment. */
  readonly amount: Money;
  readonly frequency: StandingOrderFrequency;
  /** ISO 8601 date of the first payment. */
  readonly startDate: string;
  /** ISO 8601 date of the final payment; absent = until cancelled. */
  readonly endDate?: string;
  readonly localInstrument: LocalInstrument;
  readonly creditor: PartyAccount;
  readonly debtor?: PartyAccount;
  readonly remittanceReference?: string;
  readonly redirectUri: string;
  readonly state: string;
  readonly nonce: string;
  readonly psuId?: string;
  readonly requestingParty?: RequestingParty;
}

/** The user came back from the bank's page for a standing order. */
export interface StandingOrderCallback {
  readonly handle: BankPaymentHandle;
  readonly params: Readonly<Record<string, string>>;
  readonly redirectUri: string;
  readonly initiation: StandingOrderInitiation;
}

/**
 * Where the protocol submits the standing order as a second step (UK Open Banking), the steps
 * apart, so that the gateway keeps the user's grant before it submits and can submit again, under
 * the same idempotency key, a standing order whose answer it did not get.
 */
export interface StandingOrderSubmission {
  /** The user came back: exchange the code for the grant, without submitting the standing order. */
  authoriseRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<RedirectAuthorisation>;
  /**
   * A decoupled authorisation (the user approves in the bank's app): whether the user has
   * approved yet, without submitting the standing order; once approved, the grant to submit it with.
   */
  authoriseDecoupled(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
  ): Promise<DecoupledAuthorisation>;
  /** Submit the standing order with the grant authoriseRedirect or authoriseDecoupled gave (idempotent per standingOrderId). */
  submitAuthorised(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
    grant: string,
  ): Promise<PaymentProgress>;
}

/**
 * Standing orders: the consent (or periodic payment) the user authorises, the way back from the
 * bank (which submits the standing order where the protocol has two steps), and status reads.
 * The progress's `handle.bankPaymentId` is the bank's id of the standing order once it exists.
 */
export interface StandingOrderCapability {
  createStandingOrder(ctx: BankCallContext, initiation: StandingOrderInitiation): Promise<PaymentProgress>;
  completeStandingOrderRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<PaymentProgress>;
  getStandingOrderStatus(
    ctx: BankCallContext,
    handle: BankPaymentHandle,
    initiation: StandingOrderInitiation,
  ): Promise<PaymentProgress>;
  /** Present where the protocol authorises and submits in two steps (see StandingOrderSubmission). */
  readonly standingOrderSubmission?: StandingOrderSubmission;
}
