import type { Prisma, TokenRequest } from '#libs/db';
import type { TokenRequestPayloadInput } from '#libs/domain';

/** What a redemption sets on the transfer's payload; the rest comes from the token request. */
export interface TransferPayloadParts {
  readonly tokenId: string;
  readonly refId: string;
  readonly amount: { readonly value: string; readonly currency: string };
  readonly description: string;
  readonly confirmFunds?: boolean;
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/**
 * The interface's TransferPayload a transfer shows: the redemption's tokenId, refId, amount and
 * description, with the destinations (and actingAs, which the view lifts to the transfer) of the
 * token request it redeems.
 */
export function transferPayloadOf(
  request: Pick<TokenRequest, 'requestPayload'>,
  parts: TransferPayloadParts,
): Prisma.InputJsonObject {
  const requested = request.requestPayload as unknown as TokenRequestPayloadInput;
  const body = requested.transferBody;
  const confirmFunds = parts.confirmFunds ?? body?.confirmFunds;
  const metadata = parts.metadata ?? body?.instructions.metadata;
  return JSON.parse(
    JSON.stringify({
      tokenId: parts.tokenId,
      refId: parts.refId,
      amount: { value: parts.amount.value, currency: parts.amount.currency },
      description: parts.description,
      ...(confirmFunds === undefined ? {} : { confirmFunds }),
      ...(metadata === undefined ? {} : { metadata }),
      transferDestinations: body?.instructions.transferDestinations ?? [],
      ...(requested.actingAs === undefined ? {} : { actingAs: requested.actingAs }),
    }),
  ) as Prisma.InputJsonObject;
}
