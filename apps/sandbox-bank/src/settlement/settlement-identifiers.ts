import { ibanCheckDigits } from '../berlin-group/iban.js';
import { digits } from '../store/account.store.js';

/** The sandbox settlement provider's own bank: German bank code and BIC for EUR accounts, a sort code for GBP. */
export const SETTLEMENT_BANK_CODE = '99960000';
export const SETTLEMENT_BIC = 'SBXSDEFFSTL';
export const SETTLEMENT_SORT_CODE = '040599';

/** The currencies a settlement account can be opened in. */
export const SETTLEMENT_CURRENCIES = ['EUR', 'GBP'] as const;
export type SettlementCurrency = (typeof SETTLEMENT_CURRENCIES)[number];

export interface SettlementAccountIdentifiers {
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

/** A EUR account's German IBAN (mod-97 checked) and BIC, or a GBP account's sort code and 8-digit number, from its id. */
export function identifiersFor(currency: SettlementCurrency, accountId: string): SettlementAccountIdentifiers {
  if (currency === 'GBP') return { sortCode: SETTLEMENT_SORT_CODE, accountNumber: digits(`${accountId}:number`, 8) };
  const bban = `${SETTLEMENT_BANK_CODE}${digits(`${accountId}:number`, 10)}`;
  return { iban: `DE${ibanCheckDigits('DE', bban)}${bban}`, bic: SETTLEMENT_BIC };
}

/** True when an IBAN or a sort code names the settlement provider's bank (the account may still not exist). */
export function isSettlementBankAccount(identifiers: SettlementAccountIdentifiers): boolean {
  if (identifiers.iban !== undefined) return identifiers.iban.slice(4, 12) === SETTLEMENT_BANK_CODE;
  return identifiers.sortCode === SETTLEMENT_SORT_CODE;
}

/** An IBAN without spaces, upper case. */
export function compactIban(iban: string): string {
  return iban.replace(/\s/g, '').toUpperCase();
}
