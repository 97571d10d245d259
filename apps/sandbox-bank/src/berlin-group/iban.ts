import type { BerlinGroupBankProfile } from '../banks/sandbox-bank-definition.js';
import { digits, type AccountProfile } from '../store/account.store.js';

/** Letters as ISO 13616 numbers them (A = 10 ... Z = 35). */
function numeric(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
}

function mod97(text: string): number {
  return Number(BigInt(numeric(text)) % 97n);
}

/** ISO 13616 check digits of a BBAN in a country. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`)).padStart(2, '0');
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact) && mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1;
}

/** French RIB key: 97 - ((89 bank + 15 branch + 3 account) mod 97). */
function ribKey(bankAndBranch: string, account: string): string {
  const bank = BigInt(bankAndBranch.slice(0, 5));
  const branch = BigInt(bankAndBranch.slice(5, 10));
  return String(97n - ((89n * bank + 15n * branch + 3n * BigInt(account)) % 97n)).padStart(2, '0');
}

/** The national BBAN for an account number derived from `seed`: bank code first, as each country writes it. */
function bban(profile: BerlinGroupBankProfile, seed: string): string {
  switch (profile.ibanCountry) {
    case 'DE':
      return `${profile.bankCode}${digits(seed, 10)}`;
    case 'AT':
      return `${profile.bankCode}${digits(seed, 11)}`;
    case 'NL':
      return `${profile.bankCode}${digits(seed, 10)}`;
    case 'PL':
      return `${profile.bankCode}${digits(seed, 16)}`;
    case 'SE':
      return `${profile.bankCode}${digits(seed, 17)}`;
    case 'FR': {
      const account = digits(seed, 11);
      return `${profile.bankCode}${account}${ribKey(profile.bankCode, account)}`;
    }
  }
}

/** A valid IBAN of the bank for an account id (the same id always gives the same IBAN). */
export function ibanFor(profile: BerlinGroupBankProfile, seed: string): string {
  const national = bban(profile, seed);
  return `${profile.ibanCountry}${ibanCheckDigits(profile.ibanCountry, national)}${national}`;
}

/** Accounts of a Berlin Group bank: the bank's currency, identified by IBAN. */
export function accountProfileFor(profile: BerlinGroupBankProfile): AccountProfile {
  return { currency: profile.accountCurrency, schemeName: 'IBAN', identification: (id) => ibanFor(profile, id) };
}
