import type { PaymentAccountFields, PaymentLocalInstrument } from '../shared/payment-fields.js';
import type { TokenRequestKind } from './token-request-kind.js';

/**
 * The interface's token request, as validation leaves it and the gateway stores and echoes it
 * (`requestOptions`, `requestPayload`). Only the fields the gateway acts on are typed; the rest
 * is kept as sent.
 */
export interface TokenMemberRef {
  readonly id: string;
  readonly alias?: Readonly<Record<string, unknown>>;
}

export interface TokenRequestOptionsInput {
  readonly bankId?: string;
  readonly from?: TokenMemberRef;
  readonly psuId?: string;
  readonly receiptRequested?: boolean;
  readonly tokenInternal?: { readonly redirectUrl?: string; readonly usingWebApp?: boolean };
}

export interface ActingAsInput {
  readonly displayName: string;
  readonly refId?: string;
  readonly secondaryName?: string;
}

/**
 * One transfer destination: exactly one account object keyed by its network (`sepa`,
 * `fasterPayments`, ...), the creditor's names, and the destination type.
 */
export interface TransferDestinationInput {
  readonly customerData?: {
    readonly legalNames?: readonly string[];
    readonly address?: Readonly<Record<string, unknown>>;
  };
  readonly type?: string;
  readonly sepa?: PaymentAccountFields;
  readonly sepaInstant?: PaymentAccountFields;
  readonly fasterPayments?: PaymentAccountFields;
  readonly elixir?: PaymentAccountFields;
  readonly euDomesticNonEuro?: PaymentAccountFields;
  readonly euDomesticNonEuroInstant?: PaymentAccountFields;
  readonly bankgiro?: PaymentAccountFields;
  readonly plusgiro?: PaymentAccountFields;
  /** One of the member's settlement accounts (the reference's TransferDestinationVirtualAccount). */
  readonly virtualAccount?: SettlementDestination;
}

/** The rails a transfer to a settlement account is made on (TransferDestinationVirtualAccount.localInstrument). */
export const SETTLEMENT_DESTINATION_RAILS = ['SEPA', 'SEPA_INSTANT', 'FASTER_PAYMENTS'] as const;
export type SettlementDestinationRail = (typeof SETTLEMENT_DESTINATION_RAILS)[number];

/** A destination naming a settlement account: its id and the rail the transfer is made on. */
export interface SettlementDestination {
  readonly id: string;
  readonly localInstrument: SettlementDestinationRail;
}

/** The destination key of a settlement account. */
export const SETTLEMENT_DESTINATION = 'virtualAccount';

export interface TransferInstructionsInput {
  readonly transferDestinations: readonly TransferDestinationInput[];
  readonly source?: Readonly<Record<string, unknown>>;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

export interface TransferBodyInput {
  readonly currency: string;
  readonly lifetimeAmount: string;
  readonly instructions: TransferInstructionsInput;
  readonly executionDate?: string;
  readonly confirmFunds?: boolean;
  readonly remittanceReference?: string;
  readonly returnRefundAccount?: boolean;
  readonly setTransferDestinationsUrl?: string;
}

export interface StandingOrderBodyInput {
  readonly amount: string;
  readonly currency: string;
  readonly frequency: string;
  readonly startDate: string;
  readonly endDate?: string;
  readonly instructions: TransferInstructionsInput;
  readonly remittanceReference?: string;
  readonly returnRefundAccount?: boolean;
}

export interface AccessBodyInput {
  readonly resourceTypeList?: {
    readonly resources: readonly string[];
    readonly source?: Readonly<Record<string, unknown>>;
  };
  readonly transactionHistoryDays?: number;
}

export interface TokenRequestPayloadInput {
  readonly refId: string;
  readonly to: TokenMemberRef;
  readonly redirectUrl: string;
  readonly description?: string;
  readonly callbackState?: string;
  readonly actingAs?: ActingAsInput;
  readonly countries?: readonly string[];
  readonly disableFutureDatedPaymentConversion?: boolean;
  readonly userRefId?: string;
  readonly transferBody?: TransferBodyInput;
  readonly standingOrderBody?: StandingOrderBodyInput;
  readonly accessBody?: AccessBodyInput;
  /** Account-information requests: the requested consent expiry (Unix epoch ms, as a string). */
  readonly tokenExpiration?: string;
}

/** Which body a validated payload carries decides its kind (validation allows exactly one). */
export function tokenRequestKindOf(payload: TokenRequestPayloadInput): TokenRequestKind {
  if (payload.transferBody !== undefined) return 'TRANSFER';
  if (payload.standingOrderBody !== undefined) return 'STANDING_ORDER';
  return 'ACCESS';
}

/** The networks a transfer destination may be keyed by, and the rail each one is. */
export const DESTINATION_RAILS = {
  sepa: 'SEPA',
  sepaInstant: 'SEPA_INSTANT',
  fasterPayments: 'FASTER_PAYMENTS',
  elixir: 'ELIXIR',
  euDomesticNonEuro: 'EU_DOMESTIC_NON_EURO',
  euDomesticNonEuroInstant: 'EU_DOMESTIC_NON_EURO_INSTANT',
  bankgiro: 'BANKGIRO',
  plusgiro: 'PLUSGIRO',
} as const satisfies Readonly<Record<string, PaymentLocalInstrument>>;
export type DestinationNetwork = keyof typeof DESTINATION_RAILS;

export const DESTINATION_NETWORKS = Object.keys(DESTINATION_RAILS) as DestinationNetwork[];

/**
 * The network, rail and account of a destination (validation leaves exactly one network object).
 * A settlement account (`virtualAccount`) is its rail with the account's identifiers as
 * `settlementCreditor` resolved them when the request was stored.
 */
export function destinationAccount(
  destination: TransferDestinationInput,
  settlementCreditor?: ResolvedSettlementCreditor | null,
): {
  readonly network: DestinationNetwork | typeof SETTLEMENT_DESTINATION;
  readonly rail: PaymentLocalInstrument;
  readonly account: PaymentAccountFields;
} {
  const settlement = destination.virtualAccount;
  if (settlement !== undefined)
    return {
      network: SETTLEMENT_DESTINATION,
      rail: settlement.localInstrument,
      account: settlementCreditor?.account ?? {},
    };
  for (const network of DESTINATION_NETWORKS) {
    const account = destination[network];
    if (account !== undefined) return { network, rail: DESTINATION_RAILS[network], account };
  }
  throw new RangeError('a transfer destination names no network');
}

/**
 * A destination's settlement account as resolved when the request was stored: the account's id,
 * its name (the payee's name at the bank) and the identifiers of the destination's rail.
 */
export interface ResolvedSettlementCreditor {
  readonly virtualAccountId: string;
  readonly name: string;
  readonly account: PaymentAccountFields;
}

/** The creditor's name as a destination gives it (its first legal name; a settlement account's own name). */
export function destinationName(
  destination: TransferDestinationInput,
  settlementCreditor?: ResolvedSettlementCreditor | null,
): string {
  if (destination.virtualAccount !== undefined && settlementCreditor != null) return settlementCreditor.name;
  return destination.customerData?.legalNames?.[0] ?? '';
}
