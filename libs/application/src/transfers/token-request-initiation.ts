import type {
  PaymentInitiation,
  RequestingParty,
  StandingOrderFrequency,
  StandingOrderInitiation,
} from '#libs/connectors';
import type { TokenRequest } from '#libs/db';
import {
  callbackStateOf,
  destinationAccount,
  destinationName,
  type ResolvedSettlementCreditor,
  type TokenRequestOptionsInput,
  type TokenRequestPayloadInput,
} from '#libs/domain';
import { accountIdentifier } from '../payments/bank-initiation.js';

/** What the bank call needs beyond the stored request. */
export interface TokenRequestBankContext {
  /** The gateway's callback URL the bank sends the user back to. */
  readonly redirectUri: string;
  /** Who the bank's consent page names as asking (actingAs, else the member's display name). */
  readonly requestingParty?: RequestingParty;
}

type StoredRequest = Pick<TokenRequest, 'id' | 'callbackToken' | 'nonce' | 'requestPayload' | 'requestOptions'>;
type StoredTransferRequest = StoredRequest &
  Pick<TokenRequest, 'convertedExecutionDate'> &
  Partial<Pick<TokenRequest, 'settlementCreditor'>>;

/** A transfer request's settlement account as resolved when it was stored, or null. */
export function settlementCreditorOf(
  request: Partial<Pick<TokenRequest, 'settlementCreditor'>>,
): ResolvedSettlementCreditor | null {
  return (request.settlementCreditor ?? null) as unknown as ResolvedSettlementCreditor | null;
}

function payloadOf(request: StoredRequest): TokenRequestPayloadInput {
  return request.requestPayload as unknown as TokenRequestPayloadInput;
}

function optionsOf(request: StoredRequest): TokenRequestOptionsInput {
  return (request.requestOptions ?? {}) as TokenRequestOptionsInput;
}

/** The most of a refId the connectors send the bank as the end-to-end id. */
const END_TO_END_ID_MAX = 35;

/**
 * What a transfer made from `request` knows of its settlement account: the account, and the
 * reference its credit carries (the request's refId as the bank is sent it, the end-to-end id).
 * Empty for a transfer to any other account.
 */
export function transferSettlementOf(request: StoredRequest & Partial<Pick<TokenRequest, 'settlementCreditor'>>): {
  readonly virtualAccountId?: string;
  readonly settlementRefId?: string;
} {
  const creditor = settlementCreditorOf(request);
  if (creditor === null) return {};
  return {
    virtualAccountId: creditor.virtualAccountId,
    settlementRefId: payloadOf(request).refId.slice(0, END_TO_END_ID_MAX),
  };
}

/** The state the bank carries back to /bank-callback for a token request. */
export function tokenRequestState(callbackToken: string): string {
  return callbackStateOf('token-request', callbackToken);
}

/**
 * The execution date of the payment a transfer request makes, as the connectors take it: the
 * request's transferBody.executionDate, else the bank opening it was converted to (a date-time
 * with the bank's offset: OBIE schedules it at that instant, Berlin Group takes its date), else
 * none (immediate).
 */
function executionDateOf(request: StoredTransferRequest): string | undefined {
  return payloadOf(request).transferBody?.executionDate ?? request.convertedExecutionDate ?? undefined;
}

/** How the transfer made from a transfer request shows its date: requested, converted, or immediate. */
export function transferDatingOf(request: StoredTransferRequest): {
  readonly executionDate?: string;
  readonly convertedToFutureDatedPayment?: true;
} {
  const requested = payloadOf(request).transferBody?.executionDate;
  if (requested !== undefined) return { executionDate: requested };
  if (request.convertedExecutionDate === null) return {};
  return { executionDate: request.convertedExecutionDate.slice(0, 10), convertedToFutureDatedPayment: true };
}

/**
 * The connector's view of a transfer token request: the single (or future-dated) payment the
 * user authorises, paid to the first destination for the lifetime amount (a settlement account
 * as its own name and the identifiers of the rail). Its id for the bank (idempotency, instruction
 * basis) is the token request's id; its refId (the end-to-end id) the request's refId. A request converted to a
 * future-dated payment at authorisation is that payment in every call.
 */
export function transferInitiationOf(
  request: StoredTransferRequest,
  context: TokenRequestBankContext,
): PaymentInitiation {
  const payload = payloadOf(request);
  const executionDate = executionDateOf(request);
  const body = payload.transferBody;
  if (body === undefined) throw new Error(`token request ${request.id} is not a transfer request`);
  const destination = body.instructions.transferDestinations[0];
  if (destination === undefined) throw new Error(`token request ${request.id} has no transfer destination`);
  const settlementCreditor = settlementCreditorOf(request);
  const { rail, account } = destinationAccount(destination, settlementCreditor);
  const psuId = optionsOf(request).psuId;
  return {
    paymentId: request.id,
    refId: payload.refId,
    amount: { value: body.lifetimeAmount, currency: body.currency },
    localInstrument: rail,
    creditor: {
      name: destinationName(destination, settlementCreditor),
      identifier: accountIdentifier(rail, account),
    },
    remittanceInformationPrimary: body.remittanceReference ?? payload.refId,
    ...(payload.description === undefined ? {} : { remittanceInformationSecondary: payload.description }),
    ...(executionDate === undefined ? {} : { executionDate }),
    ...(body.confirmFunds === undefined ? {} : { confirmFunds: body.confirmFunds }),
    redirectUri: context.redirectUri,
    state: tokenRequestState(request.callbackToken),
    nonce: request.nonce,
    ...(psuId === undefined ? {} : { psuId }),
    ...(context.requestingParty === undefined ? {} : { requestingParty: context.requestingParty }),
  };
}

/** The connector's view of a standing-order token request. */
export function standingOrderInitiationOf(
  request: StoredRequest,
  context: TokenRequestBankContext,
): StandingOrderInitiation {
  const payload = payloadOf(request);
  const body = payload.standingOrderBody;
  if (body === undefined) throw new Error(`token request ${request.id} is not a standing-order request`);
  const destination = body.instructions.transferDestinations[0];
  if (destination === undefined) throw new Error(`token request ${request.id} has no transfer destination`);
  const { rail, account } = destinationAccount(destination);
  const psuId = optionsOf(request).psuId;
  return {
    standingOrderId: request.id,
    refId: payload.refId,
    amount: { value: body.amount, currency: body.currency },
    frequency: body.frequency as StandingOrderFrequency,
    startDate: body.startDate,
    ...(body.endDate === undefined ? {} : { endDate: body.endDate }),
    localInstrument: rail,
    creditor: { name: destinationName(destination), identifier: accountIdentifier(rail, account) },
    ...(body.remittanceReference === undefined ? {} : { remittanceReference: body.remittanceReference }),
    redirectUri: context.redirectUri,
    state: tokenRequestState(request.callbackToken),
    nonce: request.nonce,
    ...(psuId === undefined ? {} : { psuId }),
    ...(context.requestingParty === undefined ? {} : { requestingParty: context.requestingParty }),
  };
}
