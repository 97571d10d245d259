import { GatewayError } from '#libs/common';
import type { SettlementAccountRepository } from '#libs/db';
import {
  settlementCreditorFor,
  type MemberId,
  type ResolvedSettlementCreditor,
  type TokenRequestPayloadInput,
} from '#libs/domain';

const TRANSFER_DESTINATIONS = 'requestPayload.transferBody.instructions.transferDestinations';
const STANDING_ORDER_DESTINATIONS = 'requestPayload.standingOrderBody.instructions.transferDestinations';

/**
 * A token request's settlement account destination (`virtualAccount`), resolved for the bank:
 * the account's name and the identifiers of the destination's rail (what the bank is sent in
 * place of a bank account's identifiers; the stored request keeps the destination as sent). The
 * account must be the member's, ACTIVE, in the body's currency and have identifiers for the
 * rail; otherwise a 400 naming `...virtualAccount.id`. Transfers pay the first destination, so a
 * settlement account is taken only there; standing orders are not made to settlement accounts.
 * Null for a request without one.
 */
export async function settlementDestinationOf(
  accounts: SettlementAccountRepository,
  memberId: MemberId,
  payload: TokenRequestPayloadInput,
): Promise<ResolvedSettlementCreditor | null> {
  const ordered = payload.standingOrderBody?.instructions.transferDestinations.findIndex(
    (destination) => destination.virtualAccount !== undefined,
  );
  if (ordered !== undefined && ordered >= 0)
    throw GatewayError.invalidField(
      `${STANDING_ORDER_DESTINATIONS}.${ordered}.virtualAccount`,
      `${STANDING_ORDER_DESTINATIONS}.${ordered}.virtualAccount is not supported: standing orders are not made to settlement accounts.`,
    );
  const body = payload.transferBody;
  if (body === undefined) return null;
  const destinations = body.instructions.transferDestinations;
  const later = destinations.findIndex((destination, index) => index > 0 && destination.virtualAccount !== undefined);
  if (later > 0)
    throw GatewayError.invalidField(
      `${TRANSFER_DESTINATIONS}.${later}.virtualAccount`,
      `${TRANSFER_DESTINATIONS}.${later}.virtualAccount: a settlement account must be the first (paid) destination.`,
    );
  const destination = destinations[0]?.virtualAccount;
  if (destination === undefined) return null;
  const field = `${TRANSFER_DESTINATIONS}.0.virtualAccount.id`;
  const account = await accounts.findForMember(memberId, destination.id);
  if (account === null)
    throw GatewayError.invalidField(field, `${field} ${destination.id} is not a settlement account of the member.`);
  const resolved = settlementCreditorFor(account, {
    currency: body.currency,
    localInstrument: destination.localInstrument,
  });
  if (!resolved.ok) throw GatewayError.invalidField(field, `${field}: ${resolved.message}.`);
  return { virtualAccountId: account.id, name: resolved.name, account: resolved.account };
}
