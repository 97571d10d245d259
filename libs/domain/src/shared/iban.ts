import { ValidationErrorsIBAN, getCountrySpecifications, isSEPACountry, validateIBAN } from 'ibantools';

/**
 * IBANs are accepted in the electronic form or the printed one (groups separated by spaces), in
 * either case, and kept upper case without spaces. The check is ISO 13616: a country with an IBAN
 * format, the country's length and BBAN pattern, the mod-97 check digits, and, where the country
 * has one, the national check digit (ibantools).
 */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function ibanCountry(iban: string): string {
  return normalizeIban(iban).slice(0, 2);
}

export function checkIban(value: string): string | undefined {
  const iban = normalizeIban(value);
  if (iban === '') return 'must not be empty';
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) {
    return 'must be an IBAN: a country code, two check digits and the account (letters and digits only)';
  }
  const country = iban.slice(0, 2);
  const spec = getCountrySpecifications()[country];
  if (spec?.chars === null || spec?.chars === undefined)
    return `must be an IBAN; ${country} is not a country with IBANs`;
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry))
    return `must be an IBAN; ${country} is not a country with IBANs`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength))
    return `must have ${spec.chars} characters for ${country} (it has ${iban.length})`;
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat))
    return `does not have the account format of ${country}`;
  if (
    errorCodes.includes(ValidationErrorsIBAN.ChecksumNotNumber) ||
    errorCodes.includes(ValidationErrorsIBAN.WrongIBANChecksum)
  ) {
    return 'has an invalid check digit';
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongAccountBankBranchChecksum))
    return 'has an invalid national check digit';
  if (errorCodes.length > 0) return 'is not a valid IBAN';
  return undefined;
}

/** Countries of the SEPA schemes (the EEA and the other scheme members). */
export function isSepaCountry(country: string): boolean {
  return isSEPACountry(country);
}
