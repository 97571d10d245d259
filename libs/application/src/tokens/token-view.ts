import type { Prisma, TokenRequest, TokenView } from '#libs/db';
import type { TokenRequestSignature } from './token-request-signature.js';
import type {
  AccessBodyInput,
  TokenRequestOptionsInput,
  TokenMemberRef,
  TokenRequestPayloadInput,
  TokenRequestStatus,
} from '#libs/domain';

/**
 * The interface's TokenRequest resource: the request as stored, echoed, with the two fields the
 * reference requires of an answer that a request does not send: `requestOptions.to` (the member the
 * token is for, the payload's `to`) and `requestPayload.id` (the request's id).
 */
export interface TokenRequestResource {
  readonly id: string;
  readonly requestOptions: TokenRequestOptionsInput & { readonly to: TokenMemberRef };
  readonly requestPayload: TokenRequestPayloadInput & { readonly id: string };
}

export function renderTokenRequest(request: TokenRequest): TokenRequestResource {
  const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
  return {
    id: request.id,
    requestOptions: { ...((request.requestOptions ?? {}) as TokenRequestOptionsInput), to: payload.to },
    requestPayload: { ...payload, id: request.id },
  };
}

/** GET /token-requests/{tokenRequestId}/result. */
export interface TokenRequestResult {
  readonly status: TokenRequestStatus;
  readonly tokenId?: string;
  readonly transferId?: string;
  readonly standingOrderSubmissionId?: string;
  readonly signature?: TokenRequestSignature;
  readonly statusReasonInformation?: string;
  readonly bankId?: string;
}

/** Said of a request that passed its authorisation window before its timer marked it. */
export const TOKEN_REQUEST_EXPIRED_REASON = 'The user did not authorise the request in time.';

/**
 * The status a request shows at `now`: a PENDING request past its expiry is EXPIRED already
 * (its timer makes it so in the row; the answer does not wait for it).
 */
export function tokenRequestStatusAt(
  request: Pick<TokenRequest, 'status' | 'expiresAt'>,
  now: Date,
): TokenRequestStatus {
  const status = request.status;
  return status === 'PENDING' && now.getTime() >= request.expiresAt.getTime() ? 'EXPIRED' : status;
}

function signatureOf(request: TokenRequest): TokenRequestSignature | undefined {
  const stored = request.signature as Partial<TokenRequestSignature> | null;
  if (stored === null || typeof stored !== 'object') return undefined;
  const { keyId, memberId, signature } = stored;
  if (typeof keyId !== 'string' || typeof memberId !== 'string' || typeof signature !== 'string') return undefined;
  return { keyId, memberId, signature };
}

/** The result object of a stored request at `now`; absent values are left out. */
export function renderTokenRequestResult(request: TokenRequest, now: Date): TokenRequestResult {
  const status = tokenRequestStatusAt(request, now);
  const expiredUnmarked = status === 'EXPIRED' && request.status === 'PENDING';
  const reason = expiredUnmarked ? TOKEN_REQUEST_EXPIRED_REASON : request.statusReasonInformation;
  const signature = request.tokenId === null ? undefined : signatureOf(request);
  return {
    status,
    ...(request.tokenId === null ? {} : { tokenId: request.tokenId }),
    ...(request.kind === 'TRANSFER' && request.transferId !== null ? { transferId: request.transferId } : {}),
    ...(request.kind === 'STANDING_ORDER' && request.standingOrderSubmissionId !== null
      ? { standingOrderSubmissionId: request.standingOrderSubmissionId }
      : {}),
    ...(signature === undefined ? {} : { signature }),
    ...(reason === null ? {} : { statusReasonInformation: reason }),
    ...(request.bankId === null ? {} : { bankId: request.bankId }),
  };
}

/** The interface's Token resource. */
export interface TokenResource {
  readonly id: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly payloadSignatures: readonly unknown[];
  readonly tokenRequestId: string;
}

export function renderToken(token: TokenView): TokenResource {
  return {
    id: token.id,
    payload: token.payload as Readonly<Record<string, unknown>>,
    payloadSignatures: [],
    tokenRequestId: token.tokenRequestId,
  };
}

/** One AccessBodyResource per resource type asked for. */
const ACCESS_RESOURCES: Readonly<Record<string, Prisma.InputJsonObject>> = {
  ACCOUNTS: { account: {} },
  BALANCES: { balance: {} },
  TRANSACTIONS: { transactions: {} },
  TRANSFER_DESTINATIONS: { transferDestinations: {} },
  STANDING_ORDERS: { standingOrders: {} },
};

function accessOf(body: AccessBodyInput): Prisma.InputJsonObject {
  const resources = (body.resourceTypeList?.resources ?? []).flatMap((type) => {
    const resource = ACCESS_RESOURCES[type];
    return resource === undefined ? [] : [resource];
  });
  return {
    resources,
    ...(body.transactionHistoryDays === undefined ? {} : { transactionHistoryDays: body.transactionHistoryDays }),
  };
}

function json(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/**
 * The TokenPayload of the token a PROCESSED request yields (stored in token.payload and shown by
 * GET /tokens): the request's parties, references and body, made effective at `now` and, when
 * `expiresAt` is given, expiring then. A transfer token's `transfer` is the transferBody with
 * `amount` = lifetimeAmount; a standing-order token's `standingOrder` is the standingOrderBody;
 * an access token's `access` lists one resource per resource type asked for.
 */
export function tokenPayloadOf(
  request: TokenRequest,
  memberId: string,
  now: Date,
  expiresAt: Date | null,
): Prisma.InputJsonObject {
  const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
  const options = (request.requestOptions ?? {}) as TokenRequestOptionsInput;
  const body: Prisma.InputJsonObject =
    payload.transferBody !== undefined
      ? { transfer: json({ ...payload.transferBody, amount: payload.transferBody.lifetimeAmount }) }
      : payload.standingOrderBody !== undefined
        ? { standingOrder: json(payload.standingOrderBody) }
        : { access: accessOf(payload.accessBody ?? {}) };
  return {
    version: '1.0',
    refId: payload.refId,
    from: json(options.from ?? { id: memberId }),
    to: json(payload.to),
    ...(payload.description === undefined ? {} : { description: payload.description }),
    ...(payload.actingAs === undefined ? {} : { actingAs: json(payload.actingAs) }),
    tokenRequestId: request.id,
    effectiveAtMs: String(now.getTime()),
    ...(expiresAt === null ? {} : { expiresAtMs: String(expiresAt.getTime()) }),
    ...(options.receiptRequested === undefined ? {} : { receiptRequested: options.receiptRequested }),
    initiatorId: memberId,
    ...body,
  };
}
