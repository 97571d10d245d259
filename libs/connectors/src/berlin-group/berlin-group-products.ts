import { BankOperationUnsupportedError } from '../bank-errors.js';
import type { LocalInstrument } from '../bank-types.js';

/**
 * The XS2A payment product (`POST /v1/payments/{payment-product}`) for each rail, as banks
 * publish them; a catalogue entry overrides any of them with `connector.settings.productMap`.
 *
 * | Local instrument              | payment-product                        | Notes                                   |
 * |-------------------------------|----------------------------------------|-----------------------------------------|
 * | SEPA                          | sepa-credit-transfers                  | the standard's own product              |
 * | SEPA_INSTANT                  | instant-sepa-credit-transfers          | the standard's own product              |
 * | EU_DOMESTIC_NON_EURO          | domestic-credit-transfers              | national clearing in the local currency |
 * | EU_DOMESTIC_NON_EURO_INSTANT  | instant-domestic-credit-transfers      | national instant scheme                 |
 * | ELIXIR                        | polish-domestic-credit-transfers       | Polish Elixir clearing, PLN             |
 * | BANKGIRO                      | swedish-domestic-private-bankgiros     | creditorAccount.bban = bankgiro number  |
 * | PLUSGIRO                      | swedish-domestic-private-plusgiros     | creditorAccount.bban = plusgiro number  |
 * | FASTER_PAYMENTS               | (none)                                 | a UK rail: BankOperationUnsupportedError |
 *
 * `cross-border-credit-transfers` and `target-2-payments` exist in the standard but no gateway
 * rail asks for them; an entry may still map a rail to them.
 */
export const DEFAULT_PAYMENT_PRODUCTS: Readonly<Partial<Record<LocalInstrument, string>>> = {
  SEPA: 'sepa-credit-transfers',
  SEPA_INSTANT: 'instant-sepa-credit-transfers',
  EU_DOMESTIC_NON_EURO: 'domestic-credit-transfers',
  EU_DOMESTIC_NON_EURO_INSTANT: 'instant-domestic-credit-transfers',
  ELIXIR: 'polish-domestic-credit-transfers',
  BANKGIRO: 'swedish-domestic-private-bankgiros',
  PLUSGIRO: 'swedish-domestic-private-plusgiros',
};

/** The bank's product for a rail, or BankOperationUnsupportedError. */
export function paymentProductFor(
  bankId: string,
  productMap: Readonly<Partial<Record<LocalInstrument, string>>>,
  instrument: LocalInstrument,
): string {
  const product = productMap[instrument];
  if (product === undefined) throw new BankOperationUnsupportedError(bankId, `payments by ${instrument}`);
  return product;
}
