import { describe, expect, it } from 'vitest';
import type { PaymentAccountFields, RequestedLocalInstrument } from './payment-fields.js';
import { PAYMENT_LOCAL_INSTRUMENTS } from './payment-fields.js';
import {
  ACCOUNT_FIELDS,
  RAIL_ACCOUNT_FIELDS,
  checkAccountForRail,
  narrowAccountToRail,
  type AccountCheckOptions,
} from './account-for-rail.js';
import type { FieldProblem } from './field-problem.js';

const DE_IBAN = 'DE89370400440532013000';
const PL_IBAN = 'PL61109010140000071219812874';
const SE_IBAN = 'SE4550000000058398257466';
const TR_IBAN = 'TR330006100519786457841326';
const NRB = '61109010140000071219812874';

const creditor: AccountCheckOptions = { role: 'creditor' };
const debtor: AccountCheckOptions = { role: 'debtor' };

function check(
  account: PaymentAccountFields,
  rail: RequestedLocalInstrument,
  options: AccountCheckOptions = creditor,
): FieldProblem[] {
  return checkAccountForRail(account, rail, options);
}

describe('checkAccountForRail: valid accounts per rail', () => {
  it.each<[RequestedLocalInstrument, PaymentAccountFields, AccountCheckOptions]>([
    ['SEPA', { iban: DE_IBAN }, creditor],
    ['SEPA', { iban: DE_IBAN, bic: 'COBADEFFXXX' }, creditor],
    ['SEPA_INSTANT', { iban: 'de89 3704 0044 0532 0130 00' }, debtor],
    ['FASTER_PAYMENTS', { sortCode: '04-00-04', accountNumber: '12345678' }, creditor],
    ['FASTER_PAYMENTS', { sortCode: '040004', accountNumber: '12345678' }, debtor],
    ['ELIXIR', { iban: PL_IBAN }, creditor],
    ['ELIXIR', { accountNumber: NRB, bic: 'BPKOPLPW' }, creditor],
    ['ELIXIR', { iban: PL_IBAN }, debtor],
    ['EU_DOMESTIC_NON_EURO', { iban: SE_IBAN, bic: 'ESSESESS' }, creditor],
    ['EU_DOMESTIC_NON_EURO', { bban: '50000000058398257466' }, creditor],
    ['EU_DOMESTIC_NON_EURO_INSTANT', { bban: '58398257466', clearingNumber: '8327-9' }, debtor],
    [
      'EU_DOMESTIC_NON_EURO',
      { iban: SE_IBAN, bban: '50000000058398257466' },
      { role: 'creditor', currency: 'SEK', flowType: 'FULL_HOSTED_PAGES' },
    ],
    ['BANKGIRO', { bankgiroNumber: '5050-1055' }, creditor],
    ['BANKGIRO', { bankgiroNumber: '5050-1055', bic: 'ESSESESS' }, debtor],
    ['PLUSGIRO', { plusgiroNumber: '28 65 43-4' }, creditor],
    ['AUTO_SELECT', { iban: DE_IBAN }, creditor],
    ['AUTO_SELECT', { sortCode: '040004', accountNumber: '12345678', iban: 'GB29NWBK60161331926819' }, creditor],
    ['AUTO_SELECT', { accountNumber: NRB }, creditor],
  ])('%s %j (%j)', (rail, account, options) => {
    expect(check(account, rail, options)).toEqual([]);
  });
});

describe('checkAccountForRail: problems name the field', () => {
  it.each<[string, RequestedLocalInstrument, PaymentAccountFields, AccountCheckOptions, FieldProblem[]]>([
    ['SEPA without iban', 'SEPA', {}, creditor, [{ path: 'iban', message: 'is required for SEPA', kind: 'required' }]],
    [
      'SEPA with a bad check digit',
      'SEPA',
      { iban: 'DE88370400440532013000' },
      creditor,
      [{ path: 'iban', message: 'has an invalid check digit' }],
    ],
    [
      'SEPA with a non-SEPA IBAN',
      'SEPA',
      { iban: TR_IBAN },
      creditor,
      [{ path: 'iban', message: 'must be an IBAN of a SEPA country for SEPA; TR is not one' }],
    ],
    [
      'SEPA with a bad BIC',
      'SEPA_INSTANT',
      { iban: DE_IBAN, bic: 'COBADE' },
      creditor,
      [{ path: 'bic', message: 'must be a BIC of 8 or 11 characters (it has 6)' }],
    ],
    [
      'SEPA with a sort code',
      'SEPA',
      { iban: DE_IBAN, sortCode: '040004' },
      creditor,
      [{ path: 'sortCode', message: 'is not used by SEPA, which takes iban and an optional bic' }],
    ],
    [
      'FASTER_PAYMENTS with an IBAN only',
      'FASTER_PAYMENTS',
      { iban: 'GB29NWBK60161331926819' },
      creditor,
      [
        { path: 'iban', message: 'is not used by FASTER_PAYMENTS, which takes sortCode and accountNumber' },
        { path: 'sortCode', message: 'is required for FASTER_PAYMENTS', kind: 'required' },
        { path: 'accountNumber', message: 'is required for FASTER_PAYMENTS', kind: 'required' },
      ],
    ],
    [
      'FASTER_PAYMENTS bad sort code',
      'FASTER_PAYMENTS',
      { sortCode: '04000', accountNumber: '12345678' },
      creditor,
      [{ path: 'sortCode', message: 'must be 6 digits, written 123456 or 12-34-56' }],
    ],
    [
      'FASTER_PAYMENTS short account',
      'FASTER_PAYMENTS',
      { sortCode: '040004', accountNumber: '1234567' },
      creditor,
      [{ path: 'accountNumber', message: 'must be 8 digits for a UK account' }],
    ],
    [
      'FASTER_PAYMENTS with a BIC',
      'FASTER_PAYMENTS',
      { sortCode: '040004', accountNumber: '12345678', bic: 'NWBKGB2L' },
      creditor,
      [{ path: 'bic', message: 'is not used by FASTER_PAYMENTS, which takes sortCode and accountNumber' }],
    ],
    [
      'ELIXIR without account',
      'ELIXIR',
      { bic: 'BPKOPLPW' },
      creditor,
      [
        {
          path: 'iban',
          message: 'is required for ELIXIR, or accountNumber (a 26-digit Polish account number)',
          kind: 'required',
        },
      ],
    ],
    [
      'ELIXIR with both',
      'ELIXIR',
      { iban: PL_IBAN, accountNumber: NRB },
      creditor,
      [{ path: 'accountNumber', message: 'must not be given together with iban: ELIXIR takes one of them' }],
    ],
    [
      'ELIXIR with a German IBAN',
      'ELIXIR',
      { iban: DE_IBAN },
      creditor,
      [{ path: 'iban', message: 'must be a Polish (PL) IBAN for ELIXIR; it is a DE IBAN' }],
    ],
    [
      'ELIXIR with a short account number',
      'ELIXIR',
      { accountNumber: '12345678' },
      creditor,
      [{ path: 'accountNumber', message: 'must be a Polish account number of 26 digits' }],
    ],
    [
      'ELIXIR with a bad NRB',
      'ELIXIR',
      { accountNumber: '62109010140000071219812874' },
      creditor,
      [{ path: 'accountNumber', message: 'has an invalid check digit' }],
    ],
    [
      'ELIXIR debtor with an account number',
      'ELIXIR',
      { accountNumber: NRB },
      debtor,
      [
        { path: 'accountNumber', message: 'is not used by ELIXIR, which takes iban and an optional bic' },
        { path: 'iban', message: 'is required for ELIXIR', kind: 'required' },
      ],
    ],
    [
      'EU_DOMESTIC_NON_EURO without account',
      'EU_DOMESTIC_NON_EURO',
      {},
      creditor,
      [{ path: 'iban', message: 'is required for EU_DOMESTIC_NON_EURO, or bban', kind: 'required' }],
    ],
    [
      'EU_DOMESTIC_NON_EURO with iban and bban through the API',
      'EU_DOMESTIC_NON_EURO',
      { iban: SE_IBAN, bban: '50000000058398257466' },
      { role: 'creditor', currency: 'SEK', bankId: 'ob-sandbox-se', flowType: 'FULL_HOSTED_PAGES' },
      [
        {
          path: 'bban',
          message:
            'must not be given together with iban (both only for a SEK or NOK creditor through the hosted pages without a bankId)',
        },
      ],
    ],
    [
      'EU_DOMESTIC_NON_EURO clearing number with an IBAN',
      'EU_DOMESTIC_NON_EURO_INSTANT',
      { iban: SE_IBAN, clearingNumber: '8327' },
      creditor,
      [{ path: 'clearingNumber', message: 'needs bban: a clearing number qualifies a domestic account number' }],
    ],
    [
      'EU_DOMESTIC_NON_EURO bad bban',
      'EU_DOMESTIC_NON_EURO',
      { bban: '12' },
      creditor,
      [{ path: 'bban', message: 'must be an account number of 4 to 30 letters and digits' }],
    ],
    [
      'EU_DOMESTIC_NON_EURO bad clearing number',
      'EU_DOMESTIC_NON_EURO',
      { bban: '58398257466', clearingNumber: '12' },
      creditor,
      [{ path: 'clearingNumber', message: 'must be a clearing number of 3 to 8 digits' }],
    ],
    [
      'BANKGIRO without number',
      'BANKGIRO',
      {},
      creditor,
      [{ path: 'bankgiroNumber', message: 'is required for BANKGIRO', kind: 'required' }],
    ],
    [
      'BANKGIRO bad check digit',
      'BANKGIRO',
      { bankgiroNumber: '5050-1056' },
      creditor,
      [{ path: 'bankgiroNumber', message: 'has an invalid check digit' }],
    ],
    [
      'BANKGIRO with a plusgiro number',
      'BANKGIRO',
      { bankgiroNumber: '5050-1055', plusgiroNumber: '91' },
      creditor,
      [{ path: 'plusgiroNumber', message: 'is not used by BANKGIRO, which takes bankgiroNumber and an optional bic' }],
    ],
    [
      'PLUSGIRO without number',
      'PLUSGIRO',
      { bic: 'NDEASESS' },
      creditor,
      [{ path: 'plusgiroNumber', message: 'is required for PLUSGIRO', kind: 'required' }],
    ],
    [
      'PLUSGIRO bad check digit',
      'PLUSGIRO',
      { plusgiroNumber: '4711-4' },
      creditor,
      [{ path: 'plusgiroNumber', message: 'has an invalid check digit' }],
    ],
    [
      'AUTO_SELECT without identifier',
      'AUTO_SELECT',
      { bic: 'COBADEFFXXX' },
      creditor,
      [
        {
          path: '',
          message:
            'must have account details: iban, sortCode and accountNumber, bban, bankgiroNumber or plusgiroNumber',
          kind: 'required',
        },
      ],
    ],
    [
      'AUTO_SELECT bad IBAN',
      'AUTO_SELECT',
      { iban: 'DE88370400440532013000' },
      creditor,
      [{ path: 'iban', message: 'has an invalid check digit' }],
    ],
    [
      'AUTO_SELECT UK account number',
      'AUTO_SELECT',
      { sortCode: '040004', accountNumber: '123' },
      creditor,
      [{ path: 'accountNumber', message: 'must be 8 digits for a UK account' }],
    ],
    [
      'AUTO_SELECT lone account number is Polish',
      'AUTO_SELECT',
      { accountNumber: '12345678' },
      creditor,
      [{ path: 'accountNumber', message: 'must be a Polish account number of 26 digits' }],
    ],
  ])('%s', (_name, rail, account, options, expected) => {
    expect(check(account, rail, options)).toEqual(expected);
  });
});

describe('RAIL_ACCOUNT_FIELDS and narrowAccountToRail', () => {
  it('every rail takes at least one identifier and only known fields', () => {
    for (const rail of PAYMENT_LOCAL_INSTRUMENTS) {
      for (const role of ['creditor', 'debtor'] as const) {
        expect(RAIL_ACCOUNT_FIELDS[rail][role].length, `${rail} ${role}`).toBeGreaterThan(0);
        for (const field of RAIL_ACCOUNT_FIELDS[rail][role]) expect(ACCOUNT_FIELDS).toContain(field);
      }
    }
  });

  it('keeps the rail fields and everything that is not an identifier', () => {
    const account = { name: 'Shop', iban: DE_IBAN, bic: 'COBADEFFXXX', sortCode: '040004', accountNumber: '12345678' };
    expect(narrowAccountToRail(account, 'SEPA', 'creditor')).toEqual({
      name: 'Shop',
      iban: DE_IBAN,
      bic: 'COBADEFFXXX',
    });
    expect(narrowAccountToRail(account, 'FASTER_PAYMENTS', 'creditor')).toEqual({
      name: 'Shop',
      sortCode: '040004',
      accountNumber: '12345678',
    });
  });
});
