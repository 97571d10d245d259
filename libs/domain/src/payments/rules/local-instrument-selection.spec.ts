import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PaymentCreditor } from '../payment-initiation.js';
import { PAYMENT_LOCAL_INSTRUMENTS, type PaymentLocalInstrument } from '../../shared/payment-fields.js';
import { autoSelectCandidates, selectLocalInstrument } from './local-instrument-selection.js';
import { RAIL_CURRENCIES } from '../../shared/rail-currency.js';

const ALL = PAYMENT_LOCAL_INSTRUMENTS;
const UK = { name: 'Shop', sortCode: '040004', accountNumber: '12345678' };
const DE = { name: 'Shop', iban: 'DE89370400440532013000' };
const PL_IBAN = { name: 'Sklep', iban: 'PL61109010140000071219812874' };
const PL_NRB = { name: 'Sklep', accountNumber: '61109010140000071219812874' };
const SE_IBAN = { name: 'Butik', iban: 'SE4550000000058398257466' };
const SE_BBAN = { name: 'Butik', bban: '58398257466', clearingNumber: '8327' };
const BANKGIRO = { name: 'Butik', bankgiroNumber: '5050-1055' };
const PLUSGIRO = { name: 'Butik', plusgiroNumber: '2865434' };
const TR = { name: 'Dukkan', iban: 'TR330006100519786457841326' };

function pick(value: string, currency: string, creditor: PaymentCreditor, rails: readonly string[] = ALL): string {
  const selection = selectLocalInstrument({ amount: { value, currency }, creditor }, rails);
  return selection.ok ? selection.localInstrument : `! ${selection.problem.path} ${selection.problem.message}`;
}

describe('selectLocalInstrument', () => {
  it.each<[string, string, string, PaymentCreditor, readonly string[], string]>([
    ['GBP + sort code', '10.00', 'GBP', UK, ALL, 'FASTER_PAYMENTS'],
    ['EUR + IBAN, instant supported', '10.00', 'EUR', DE, ALL, 'SEPA_INSTANT'],
    ['EUR + IBAN at the cap', '100000', 'EUR', DE, ALL, 'SEPA_INSTANT'],
    ['EUR + IBAN above the cap', '100000.01', 'EUR', DE, ALL, 'SEPA'],
    ['EUR + IBAN, SEPA only', '10.00', 'EUR', DE, ['SEPA'], 'SEPA'],
    ['PLN + NRB', '10.00', 'PLN', PL_NRB, ALL, 'ELIXIR'],
    ['PLN + PL IBAN', '10.00', 'PLN', PL_IBAN, ALL, 'ELIXIR'],
    ['PLN + PL IBAN without ELIXIR', '10.00', 'PLN', PL_IBAN, ['EU_DOMESTIC_NON_EURO'], 'EU_DOMESTIC_NON_EURO'],
    ['SEK + bankgiro', '10.00', 'SEK', BANKGIRO, ALL, 'BANKGIRO'],
    ['SEK + PlusGiro', '10.00', 'SEK', PLUSGIRO, ALL, 'PLUSGIRO'],
    ['SEK + IBAN', '10.00', 'SEK', SE_IBAN, ALL, 'EU_DOMESTIC_NON_EURO_INSTANT'],
    [
      'SEK + IBAN, non-instant bank',
      '10.00',
      'SEK',
      SE_IBAN,
      ['BANKGIRO', 'EU_DOMESTIC_NON_EURO'],
      'EU_DOMESTIC_NON_EURO',
    ],
    ['SEK + BBAN', '10.00', 'SEK', SE_BBAN, ['EU_DOMESTIC_NON_EURO'], 'EU_DOMESTIC_NON_EURO'],
    ['DKK + IBAN', '10.00', 'DKK', { name: 'x', iban: 'DK5000400440116243' }, ALL, 'EU_DOMESTIC_NON_EURO_INSTANT'],
    [
      'SEK + bankgiro and IBAN, bank without BANKGIRO',
      '10.00',
      'SEK',
      { ...BANKGIRO, iban: SE_IBAN.iban },
      ['EU_DOMESTIC_NON_EURO'],
      'EU_DOMESTIC_NON_EURO',
    ],
  ])('%s -> %s', (_name, value, currency, creditor, rails, expected) => {
    expect(pick(value, currency, creditor, rails)).toBe(expected);
  });

  const noRoute = (currency: string): string =>
    `! localInstrument cannot be AUTO_SELECT for this payment: no rail carries ${currency} to this creditor account. AUTO_SELECT routes GBP to sortCode and accountNumber, EUR to an IBAN of a SEPA country, PLN to a Polish accountNumber or IBAN, SEK to a bankgiroNumber or plusgiroNumber, and CHF, CZK, DKK, HUF, ISK, NOK, PLN, RON and SEK to an iban or bban`;

  it.each<[string, string, PaymentCreditor]>([
    ['USD', 'USD', DE],
    ['GBP to an IBAN', 'GBP', { name: 'x', iban: 'GB29NWBK60161331926819' }],
    ['EUR to a sort code', 'EUR', UK],
    ['EUR to a non-SEPA IBAN', 'EUR', TR],
    ['EUR to a bankgiro number', 'EUR', BANKGIRO],
  ])('no route: %s', (_name, currency, creditor) => {
    expect(pick('10.00', currency, creditor)).toBe(noRoute(currency));
  });

  it('no supported rail: says which rails would do and what the bank has', () => {
    expect(pick('10.00', 'EUR', DE, ['FASTER_PAYMENTS'])).toBe(
      '! localInstrument cannot be AUTO_SELECT for this payment: it would go over SEPA_INSTANT or SEPA, and the bank supports none of them (it supports FASTER_PAYMENTS)',
    );
    expect(pick('10.00', 'GBP', UK, [])).toBe(
      '! localInstrument cannot be AUTO_SELECT for this payment: it would go over FASTER_PAYMENTS, and the bank supports none of them (it supports no payment rails)',
    );
  });

  it('above the SCT Inst cap at an instant-only bank', () => {
    expect(pick('250000', 'EUR', DE, ['SEPA_INSTANT'])).toBe(
      '! localInstrument cannot be AUTO_SELECT for this payment: SEPA_INSTANT carries at most 100000 EUR, and the bank supports no other rail for it',
    );
  });

  it('the chosen rail is always one the bank supports, carries the currency, and is a candidate', () => {
    const creditors = fc.constantFrom<PaymentCreditor>(
      UK,
      DE,
      PL_IBAN,
      PL_NRB,
      SE_IBAN,
      SE_BBAN,
      BANKGIRO,
      PLUSGIRO,
      TR,
    );
    const currencies = fc.constantFrom('GBP', 'EUR', 'PLN', 'SEK', 'DKK', 'USD');
    const rails = fc.subarray([...ALL]);
    const values = fc.constantFrom('1', '99999.99', '100000', '100000.01', '5000000');
    fc.assert(
      fc.property(creditors, currencies, rails, values, (creditor, currency, bankRails, value) => {
        const selection = selectLocalInstrument({ amount: { value, currency }, creditor }, bankRails);
        if (!selection.ok) return selection.problem.path === 'localInstrument';
        const rail: PaymentLocalInstrument = selection.localInstrument;
        return (
          bankRails.includes(rail) &&
          RAIL_CURRENCIES[rail].includes(currency) &&
          autoSelectCandidates({ value, currency }, creditor).includes(rail)
        );
      }),
    );
  });
});
