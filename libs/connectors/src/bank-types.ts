/** Shapes every connector shares: money, accounts, rails and the outcome of a bank call. */

import { PAYMENT_LOCAL_INSTRUMENTS, type PaymentLocalInstrument } from '#libs/domain';

/** The rails a payment may go over: the domain's one list, under the name the connectors use. */
export const LOCAL_INSTRUMENTS = PAYMENT_LOCAL_INSTRUMENTS;
export type LocalInstrument = PaymentLocalInstrument;

/** A decimal string amount (never a float) and its ISO 4217 currency. */
export interface Money {
  readonly value: string;
  readonly currency: string;
}

export type AccountIdentifier =
  | { readonly type: 'iban'; readonly iban: string; readonly bic?: string }
  | { readonly type: 'gbDomestic'; readonly sortCode: string; readonly accountNumber: string }
  | { readonly type: 'bban'; readonly bban: string; readonly bic?: string }
  | { readonly type: 'bankgiro'; readonly bankgiroNumber: string }
  | { readonly type: 'plusgiro'; readonly plusgiroNumber: string };

export interface PartyAccount {
  readonly name: string;
  readonly identifier: AccountIdentifier;
}

/**
 * Where a bank says a payment (or VRP, refund, payout) stands, in the gateway's words. Each
 * connector maps every one of its bank's status codes to one of these with an exhaustive table;
 * the domain maps these to its own status machines.
 */
export const BANK_OUTCOMES = [
  'AWAITING_AUTHORISATION',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'REJECTED_INSUFFICIENT_FUNDS',
  'FAILED',
  /** The user refused at the bank (denied the consent or the authorisation). */
  'DECLINED',
  'CANCELED',
] as const;
export type BankOutcome = (typeof BANK_OUTCOMES)[number];

export const FINAL_BANK_OUTCOMES: ReadonlySet<BankOutcome> = new Set([
  'COMPLETED',
  'REJECTED',
  'REJECTED_INSUFFICIENT_FUNDS',
  'FAILED',
  'DECLINED',
  'CANCELED',
]);

/**
 * One field the bank wants the user to supply in an embedded SCA step, in the words of the
 * interface's RequiredField: FIELD (a text input), PASSWORD (a hidden input) or CHOICE_FIELD
 * (pick one of `options`). `id` is the key the value comes back under.
 */
export interface EmbeddedAuthField {
  readonly id: string;
  readonly type: 'FIELD' | 'PASSWORD' | 'CHOICE_FIELD';
  readonly displayName: string;
  readonly additionalInformation?: string;
  /** For CHOICE_FIELD: the options to pick from (e.g. SCA methods); either the id or the label may come back. */
  readonly options?: readonly { readonly id: string; readonly label: string }[];
}

/** The next embedded-SCA step, in the form the interface's EmbeddedAuth object carries. */
export interface EmbeddedAuthStep {
  readonly fields: readonly EmbeddedAuthField[];
  readonly description?: string;
  /** A Base64 image to show the user (e.g. a photoTAN challenge). */
  readonly image?: string;
  /** A flicker code to show the user (chipTAN). */
  readonly flickerCode?: string;
  /** True when the previous values were wrong and the bank asks again. */
  readonly isRetry: boolean;
}

/** Every call carries the bank it goes to, a deadline, and the trace to log under. */
export interface BankCallContext {
  readonly bankId: string;
  /** Absolute deadline (ms since the epoch, wall clock) for the whole call, retries included. */
  readonly deadlineMs: number;
  readonly traceId?: string;
  /** The user's IP when present (Berlin Group PSU-IP-Address, OBIE x-fapi-customer-ip-address). */
  readonly psuIpAddress?: string;
  /** A call made on a schedule (the bank status probe): its answered calls are logged at debug, not info. */
  readonly routine?: boolean;
}
