import type { PaymentLocalInstrument } from './payment-fields.js';

/**
 * The domestic currencies of EEA countries outside the euro area (Liechtenstein's CHF included;
 * Bulgaria uses the euro since 2026): what EU_DOMESTIC_NON_EURO(_INSTANT) carry.
 */
export const EEA_NON_EURO_CURRENCIES = ['CHF', 'CZK', 'DKK', 'HUF', 'ISK', 'NOK', 'PLN', 'RON', 'SEK'] as const;

/** The currencies each rail carries. */
export const RAIL_CURRENCIES: Readonly<Record<PaymentLocalInstrument, readonly string[]>> = {
  SEPA: ['EUR'],
  SEPA_INSTANT: ['EUR'],
  FASTER_PAYMENTS: ['GBP'],
  ELIXIR: ['PLN'],
  EU_DOMESTIC_NON_EURO: EEA_NON_EURO_CURRENCIES,
  EU_DOMESTIC_NON_EURO_INSTANT: EEA_NON_EURO_CURRENCIES,
  BANKGIRO: ['SEK'],
  PLUSGIRO: ['SEK'],
};

/** A phrase for `localInstrument` when the rail does not carry the currency. */
export function checkRailCurrency(rail: PaymentLocalInstrument, currency: string): string | undefined {
  const carried = RAIL_CURRENCIES[rail];
  if (carried.includes(currency)) return undefined;
  const which =
    carried.length === 1
      ? `${carried[0] ?? ''} payments only`
      : `payments in ${carried.join(', ')} only (domestic currencies of EEA countries outside the euro)`;
  return `does not carry ${currency}: ${rail} is for ${which}`;
}
