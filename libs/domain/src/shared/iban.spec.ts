import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkIban, ibanCountry, isSepaCountry, normalizeIban } from './iban.js';

const VALID = [
  'DE89370400440532013000',
  'GB29NWBK60161331926819',
  'PL61109010140000071219812874',
  'SE4550000000058398257466',
  'NO9386011117947',
  'CH9300762011623852957',
  'FR1420041010050500013M02606',
  'DK5000400440116243',
  'TR330006100519786457841326',
];

describe('checkIban', () => {
  it.each(VALID)('%s is valid', (iban) => {
    expect(checkIban(iban)).toBeUndefined();
  });

  it.each([
    ['de89 3704 0044 0532 0130 00', undefined],
    ['DE89 3704 0044 0532 0130 00', undefined],
    ['', 'must not be empty'],
    ['   ', 'must not be empty'],
    [
      'DE89-3704-0044-0532-0130-00',
      'must be an IBAN: a country code, two check digits and the account (letters and digits only)',
    ],
    [
      '89370400440532013000',
      'must be an IBAN: a country code, two check digits and the account (letters and digits only)',
    ],
    [
      'DEXX370400440532013000',
      'must be an IBAN: a country code, two check digits and the account (letters and digits only)',
    ],
    ['XX89370400440532013000', 'must be an IBAN; XX is not a country with IBANs'],
    ['US89370400440532013000', 'must be an IBAN; US is not a country with IBANs'],
    ['DE8937040044053201300', 'must have 22 characters for DE (it has 21)'],
    ['DE893704004405320130001', 'must have 22 characters for DE (it has 23)'],
    ['GB29NWBK6016133192681X', 'does not have the account format of GB'],
    ['DE88370400440532013000', 'has an invalid check digit'],
    ['DE89370400440532013001', 'has an invalid check digit'],
  ])('%j -> %s', (value, expected) => {
    expect(checkIban(value)).toBe(expected);
  });

  it('a valid IBAN with any single digit changed fails (mod-97 catches every substitution)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.nat(), fc.integer({ min: 1, max: 9 }), (iban, at, shift) => {
        const digits = [...iban].map((c, i) => (i >= 2 && /\d/.test(c) ? i : -1)).filter((i) => i >= 0);
        const index = digits[at % digits.length] ?? 2;
        const changed = `${iban.slice(0, index)}${(Number(iban[index]) + shift) % 10}${iban.slice(index + 1)}`;
        return checkIban(changed) !== undefined;
      }),
    );
  });

  it('a valid IBAN with two adjacent different characters swapped fails', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VALID), fc.nat(), (iban, at) => {
        const index = 4 + (at % (iban.length - 5));
        fc.pre(iban[index] !== iban[index + 1]);
        const swapped = `${iban.slice(0, index)}${iban[index + 1] ?? ''}${iban[index] ?? ''}${iban.slice(index + 2)}`;
        return checkIban(swapped) !== undefined;
      }),
    );
  });
});

describe('normalizeIban, ibanCountry, isSepaCountry', () => {
  it('upper-cases and removes all white space', () => {
    expect(normalizeIban(' gb29 nwbk 6016 1331 9268 19\t')).toBe('GB29NWBK60161331926819');
  });

  it('reads the country', () => {
    expect(ibanCountry('pl61 1090')).toBe('PL');
  });

  it('knows the SEPA countries', () => {
    expect(isSepaCountry('DE')).toBe(true);
    expect(isSepaCountry('CH')).toBe(true);
    expect(isSepaCountry('GB')).toBe(true);
    expect(isSepaCountry('TR')).toBe(false);
    expect(isSepaCountry('BR')).toBe(false);
  });
});
