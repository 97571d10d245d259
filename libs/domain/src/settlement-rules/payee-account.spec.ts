import { describe, expect, it } from 'vitest';
import { checkPayeeAccount } from './payee-account.js';
import { checkRuleDescription } from './rule-description.js';

describe('a rule payee account', () => {
  it('takes an IBAN with a BIC, or a sort code with an account number', () => {
    expect(checkPayeeAccount({ name: 'Merchant', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' })).toEqual([]);
    expect(checkPayeeAccount({ name: 'Merchant', sortCode: '04-00-04', accountNumber: '12345678' })).toEqual([]);
  });

  it('names each field at fault', () => {
    expect(checkPayeeAccount({ name: 'M', iban: 'DE89370400440532013001', bic: 'COBADEFFXXX' })).toEqual([
      { path: 'iban', message: 'has an invalid check digit' },
    ]);
    expect(checkPayeeAccount({ name: 'M', iban: 'DE89370400440532013000', bic: 'COBADEFFX' })).toEqual([
      { path: 'bic', message: 'must be a BIC of 8 or 11 characters (it has 9)' },
    ]);
    expect(checkPayeeAccount({ name: 'M', iban: 'DE89370400440532013000' })).toEqual([
      { path: 'bic', message: 'is required with iban', kind: 'required' },
    ]);
    expect(checkPayeeAccount({ name: 'M', sortCode: '0400', accountNumber: '1234' }).map((p) => p.path)).toEqual([
      'sortCode',
      'accountNumber',
    ]);
    expect(checkPayeeAccount({ iban: 'DE89370400440532013000', bic: 'COBADEFF', sortCode: '040004' })).toEqual([
      { path: 'name', message: 'is required', kind: 'required' },
      {
        path: 'iban',
        message: 'must not be given with sortCode and accountNumber: a payee is an IBAN or a UK account',
      },
    ]);
    expect(checkPayeeAccount({ name: 'M' })).toEqual([
      { path: 'iban', message: 'is required (with bic), or sortCode with accountNumber', kind: 'required' },
    ]);
  });
});

describe('a rule description', () => {
  it('follows the reference pattern and the payout description rule', () => {
    expect(checkRuleDescription('Auto Payout')).toBeUndefined();
    expect(checkRuleDescription('A-B.C&D/E F')).toBeUndefined();
    expect(checkRuleDescription('Daily sweep to bank')).toMatch(/at most 18/);
    expect(checkRuleDescription('Payout #1')).toMatch(/may hold only/);
    expect(checkRuleDescription('A-B-C-D')).toMatch(/at least 6/);
    expect(checkRuleDescription('aaa AAA')).toMatch(/same letter/);
  });
});
