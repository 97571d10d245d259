import { describe, expect, it } from 'vitest';
import { PAYMENT_LOCAL_INSTRUMENTS } from './payment-fields.js';
import { RAIL_CURRENCIES, checkRailCurrency } from './rail-currency.js';

describe('checkRailCurrency', () => {
  it.each([
    ['SEPA', 'EUR', undefined],
    ['SEPA_INSTANT', 'EUR', undefined],
    ['FASTER_PAYMENTS', 'GBP', undefined],
    ['ELIXIR', 'PLN', undefined],
    ['BANKGIRO', 'SEK', undefined],
    ['PLUSGIRO', 'SEK', undefined],
    ['EU_DOMESTIC_NON_EURO', 'SEK', undefined],
    ['EU_DOMESTIC_NON_EURO_INSTANT', 'DKK', undefined],
    ['SEPA', 'GBP', 'does not carry GBP: SEPA is for EUR payments only'],
    ['FASTER_PAYMENTS', 'EUR', 'does not carry EUR: FASTER_PAYMENTS is for GBP payments only'],
    ['ELIXIR', 'EUR', 'does not carry EUR: ELIXIR is for PLN payments only'],
    ['BANKGIRO', 'NOK', 'does not carry NOK: BANKGIRO is for SEK payments only'],
    [
      'EU_DOMESTIC_NON_EURO',
      'EUR',
      'does not carry EUR: EU_DOMESTIC_NON_EURO is for payments in CHF, CZK, DKK, HUF, ISK, NOK, PLN, RON, SEK only (domestic currencies of EEA countries outside the euro)',
    ],
  ] as const)('%s %s -> %s', (rail, currency, expected) => {
    expect(checkRailCurrency(rail, currency)).toBe(expected);
  });

  it('names currencies for every rail', () => {
    for (const rail of PAYMENT_LOCAL_INSTRUMENTS) expect(RAIL_CURRENCIES[rail].length, rail).toBeGreaterThan(0);
  });
});
