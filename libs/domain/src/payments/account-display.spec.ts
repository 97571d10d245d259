import { describe, expect, it } from 'vitest';
import { displayAccount, displayAmount, displayIban, displayObieAccount, displaySortCode } from './account-display.js';

describe('account display', () => {
  it('writes a sort code in pairs and leaves anything else alone', () => {
    expect(displaySortCode('040004')).toBe('04-00-04');
    expect(displaySortCode('04-00-04')).toBe('04-00-04');
    expect(displaySortCode('04004')).toBe('04004');
  });

  it('writes an IBAN in groups of four, upper case', () => {
    expect(displayIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(displayIban('GB29 NWBK 6016 1331 9268 19')).toBe('GB29 NWBK 6016 1331 9268 19');
  });

  it.each<[Parameters<typeof displayAccount>[0], string | undefined]>([
    [{ sortCode: '040004', accountNumber: '12345678' }, '04-00-04 12345678'],
    [{ iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }, 'DE89 3704 0044 0532 0130 00'],
    [{ bankgiroNumber: '56781234' }, 'Bankgiro 5678-1234'],
    [{ plusgiroNumber: '12345678' }, 'Plusgiro 1234567-8'],
    [{ bban: '61109010140000071219812874' }, '61109010140000071219812874'],
    [{ clearingNumber: '8327', accountNumber: '9123456' }, '8327 9123456'],
    [{}, undefined],
  ])('%o reads %s', (account, shown) => {
    expect(displayAccount(account)).toBe(shown);
  });

  it('reads UK Open Banking scheme and identification pairs', () => {
    expect(displayObieAccount('UK.OBIE.SortCodeAccountNumber', '04000412345678')).toBe('04-00-04 12345678');
    expect(displayObieAccount('UK.OBIE.IBAN', 'GB29NWBK60161331926819')).toBe('GB29 NWBK 6016 1331 9268 19');
    expect(displayObieAccount('UK.OBIE.PAN', '5409050000000000')).toBe('5409050000000000');
    expect(displayObieAccount('UK.OBIE.SortCodeAccountNumber', '0400041234')).toBe('0400041234');
  });

  it('writes an amount with thousands separated and its currency, decimals as given', () => {
    expect(displayAmount('10.50', 'GBP')).toBe('10.50 GBP');
    expect(displayAmount('1234567.5', 'EUR')).toBe('1,234,567.5 EUR');
    expect(displayAmount('0.01', 'SEK')).toBe('0.01 SEK');
    expect(displayAmount('1000', 'PLN')).toBe('1,000 PLN');
    expect(displayAmount('abc', 'GBP')).toBe('abc GBP');
  });
});
