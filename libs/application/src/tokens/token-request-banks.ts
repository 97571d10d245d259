import type { Bank, TokenRequest } from '#libs/db';
import { destinationAccount, type TokenRequestPayloadInput } from '#libs/domain';
import { orderBanks } from '../banks/bank-order.js';
import { toListedBank, type ListedBank } from '../banks/listed-bank.js';

/**
 * The banks a user may authorise a token request at, best ranked first: listed, with a
 * connector, offering what the request's kind needs (sending payments on the destination's
 * rail, standing orders, or account information) and in the request's countries when it names any.
 */
export function tokenRequestBanks(
  rows: readonly Bank[],
  request: Pick<TokenRequest, 'kind' | 'requestPayload'>,
  hasConnector: (connectorType: string) => boolean,
): ListedBank[] {
  const payload = request.requestPayload as unknown as TokenRequestPayloadInput;
  const countries = payload.countries ?? [];
  const destination = (payload.transferBody ?? payload.standingOrderBody)?.instructions.transferDestinations[0];
  const rail = destination === undefined ? undefined : destinationAccount(destination).rail;
  const fits = (bank: ListedBank): boolean => {
    if (countries.length > 0 && !bank.countries.some((country) => countries.includes(country))) return false;
    switch (request.kind) {
      case 'TRANSFER':
        return (
          bank.features.supports_send_payment && rail !== undefined && bank.supportedLocalInstruments.includes(rail)
        );
      case 'STANDING_ORDER':
        return (
          bank.features.supports_standing_order && rail !== undefined && bank.supportedLocalInstruments.includes(rail)
        );
      default:
        return bank.features.supports_account_information;
    }
  };
  const listed = rows.filter((bank) => bank.listed && hasConnector(bank.connectorType)).map(toListedBank);
  return orderBanks(listed.filter(fits), 'RANK');
}
