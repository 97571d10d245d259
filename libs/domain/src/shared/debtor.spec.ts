import { describe, expect, it } from 'vitest';
import { checkDebtor, isAccountOnFile } from './debtor.js';

const NEVER_BOTH =
  'must not be given with tokenizedAccountId: the debtor is an Account on File reference or account details, never both';

describe('checkDebtor', () => {
  it('an Account on File reference alone is fine on any rail', () => {
    expect(checkDebtor({ tokenizedAccountId: 'tai:1' }, 'SEPA')).toEqual([]);
    expect(checkDebtor({ tokenizedAccountId: 'tai:1' }, 'AUTO_SELECT')).toEqual([]);
  });

  it('refuses every account detail given with the reference', () => {
    expect(
      checkDebtor({ tokenizedAccountId: 'tai:1', iban: 'DE89370400440532013000', name: 'A', address: {} }, 'SEPA'),
    ).toEqual([
      { path: 'name', message: NEVER_BOTH },
      { path: 'address', message: NEVER_BOTH },
      { path: 'iban', message: NEVER_BOTH },
    ]);
  });

  it('account details must fit the rail', () => {
    expect(checkDebtor({ name: 'Payer', iban: 'DE89370400440532013000' }, 'SEPA')).toEqual([]);
    expect(checkDebtor({ name: 'Payer' }, 'FASTER_PAYMENTS')).toEqual([
      { path: 'sortCode', message: 'is required for FASTER_PAYMENTS', kind: 'required' },
      { path: 'accountNumber', message: 'is required for FASTER_PAYMENTS', kind: 'required' },
    ]);
    expect(checkDebtor({ name: 'Payer' }, 'AUTO_SELECT')).toEqual([
      {
        path: '',
        message: 'must have account details: iban, sortCode and accountNumber, bban, bankgiroNumber or plusgiroNumber',
        kind: 'required',
      },
    ]);
  });

  it('a debtor never carries iban and bban together', () => {
    expect(
      checkDebtor({ iban: 'SE4550000000058398257466', bban: '50000000058398257466' }, 'EU_DOMESTIC_NON_EURO', {
        currency: 'SEK',
        flowType: 'FULL_HOSTED_PAGES',
      }),
    ).toEqual([
      {
        path: 'bban',
        message:
          'must not be given together with iban (both only for a SEK or NOK creditor through the hosted pages without a bankId)',
      },
    ]);
  });

  it('isAccountOnFile', () => {
    expect(isAccountOnFile({ tokenizedAccountId: 'x' })).toBe(true);
    expect(isAccountOnFile({ iban: 'x' })).toBe(false);
  });
});
