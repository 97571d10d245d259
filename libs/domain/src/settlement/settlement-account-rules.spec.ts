import { describe, expect, it } from 'vitest';
import { checkAccountNickName, checkSettlementCountry, checkSettlementCurrency } from './settlement-account-rules.js';

describe('settlement account rules', () => {
  it('currency: EUR and GBP; other ISO 4217 codes and non-codes are named', () => {
    expect(checkSettlementCurrency('EUR')).toBeUndefined();
    expect(checkSettlementCurrency('GBP')).toBeUndefined();
    expect(checkSettlementCurrency('USD')).toMatch(/must be one of EUR, GBP/);
    expect(checkSettlementCurrency('eur')).toMatch(/ISO 4217/);
    expect(checkSettlementCurrency('XXX')).toMatch(/not one payments can use|ISO 4217/);
  });

  it('country: upper-case ISO 3166-1 alpha-2 codes of real countries', () => {
    expect(checkSettlementCountry('DE')).toBeUndefined();
    expect(checkSettlementCountry('GB')).toBeUndefined();
    expect(checkSettlementCountry('de')).toMatch(/upper case/);
    expect(checkSettlementCountry('DEU')).toMatch(/two-letter/);
    expect(checkSettlementCountry('XX')).toMatch(/XX is not one/);
    expect(checkSettlementCountry('ZZ')).toMatch(/ZZ is not one/);
  });

  it('accountNickName: up to 50 letters, digits, hyphens, underscores and spaces', () => {
    expect(checkAccountNickName('Marketplace EUR_1-a')).toBeUndefined();
    expect(checkAccountNickName('Zürich Konto')).toBeUndefined();
    expect(checkAccountNickName('a'.repeat(50))).toBeUndefined();
    expect(checkAccountNickName('a'.repeat(51))).toMatch(/at most 50/);
    expect(checkAccountNickName('shop!')).toMatch(/only letters, digits/);
    expect(checkAccountNickName('a/b')).toMatch(/only letters, digits/);
  });
});
