import type { TokenRequest, Prisma } from '#libs/db';
import type { TokenRequestOptionsInput, TokenRequestPayloadInput } from '#libs/domain';

type Json = Prisma.InputJsonObject;

/** An access request's resource types as the token's AccessBodyResource objects. */
const ACCESS_RESOURCES: Readonly<Record<string, string>> = {
  ACCOUNTS: 'account',
  BALANCES: 'balance',
  TRANSACTIONS: 'transactions',
  TRANSFER_DESTINATIONS: 'transferDestinations',
  STANDING_ORDERS: 'standingOrders',
};

function bodyOf(payload: TokenRequestPayloadInput): Json {
  if (payload.transferBody !== undefined) {
    const json = JSON.parse(JSON.stringify(payload.transferBody)) as Record<string, Prisma.InputJsonValue>;
    return { transfer: { ...json, amount: payload.transferBody.lifetimeAmount } };
  }
  if (payload.standingOrderBody !== undefined)
    return { standingOrder: JSON.parse(JSON.stringify(payload.standingOrderBody)) as Json };
  const access = payload.accessBody;
  const resources = (access?.resourceTypeList?.resources ?? []).flatMap((type) => {
    const key = ACCESS_RESOURCES[type];
    return key === undefined ? [] : [{ [key]: {} }];
  });
  return {
    access: {
      resources,
      ...(access?.transactionHistoryDays === undefined
        ? {}
        : { transactionHistoryDays: access.transactionHistoryDays }),
    },
  };
}

/**
 * The interface's TokenPayload of the token a request yields: who asked for whom, the request it
 * came from, when it took effect and expires, and the body (transfer with its lifetime amount,
 * standing order, or the access resources).
 */
export function tokenPayloadOf(
  request: Pick<TokenRequest, 'id' | 'requestPayload' | 'requestOptions'>,
  memberId: string,
  now: Date,
  expiresAt: Date | null,
): Json {
  const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
  const options = (request.requestOptions ?? {}) as TokenRequestOptionsInput;
  const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;
  return {
    version: '1.0',
    refId: payload.refId,
    from: copy(options.from ?? { id: memberId }),
    to: copy(payload.to),
    ...(payload.description === undefined ? {} : { description: payload.description }),
    ...(payload.actingAs === undefined ? {} : { actingAs: copy(payload.actingAs) }),
    tokenRequestId: request.id,
    effectiveAtMs: String(now.getTime()),
    ...(expiresAt === null ? {} : { expiresAtMs: String(expiresAt.getTime()) }),
    ...(options.receiptRequested === undefined ? {} : { receiptRequested: options.receiptRequested }),
    initiatorId: memberId,
    ...bodyOf(payload),
  };
}
