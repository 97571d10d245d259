import { describe, expect, it } from 'vitest';
import { checkTokenizedAccountDetails, newTokenizedAccountId } from './tokenized-account.js';

describe('checkTokenizedAccountDetails', () => {
  it.each([
    ['an IBAN', { iban: 'DE89370400440532013000' }],
    ['an IBAN and BIC', { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }],
    ['a UK account', { sortCode: '040004', accountNumber: '12345678', name: 'Owner' }],
    ['a BBAN with clearing number', { bban: '50000000058398257466', clearingNumber: '8327' }],
    ['a bankgiro number', { bankgiroNumber: '5050-1055' }],
    ['a plusgiro number', { plusgiroNumber: '286543-4' }],
  ])('accepts %s', (_name, details) => {
    expect(checkTokenizedAccountDetails(details)).toEqual([]);
  });

  it.each([
    ['no identifier', { name: 'Owner' }, ''],
    ['a bad IBAN', { iban: 'DE89370400440532013001' }, 'iban'],
    ['a sort code alone', { sortCode: '040004' }, 'accountNumber'],
    ['an account number alone (a Polish creditor form only)', { accountNumber: '12345678' }, 'accountNumber'],
    [
      'an IBAN with a UK account',
      { iban: 'DE89370400440532013000', sortCode: '040004', accountNumber: '12345678' },
      '',
    ],
    ['a reference given as details', { iban: 'DE89370400440532013000', tokenizedAccountId: 'ta:x' }, undefined],
  ])('refuses %s', (_name, details, path) => {
    const problems = checkTokenizedAccountDetails(details);
    expect(problems.length).toBeGreaterThan(0);
    if (path !== undefined) expect(problems[0]?.path).toBe(path);
  });

  it('makes ids of the interface form', () => {
    expect(newTokenizedAccountId()).toMatch(/^ta:[1-9A-HJ-NP-Za-km-z]{24}$/);
  });
});
