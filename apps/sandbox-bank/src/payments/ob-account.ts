import type { Account } from '../store/account.store.js';

/** OBCashAccountDebtor4 / OBCashAccount of a sandbox account. */
export function obCashAccount(account: Account): { SchemeName: string; Identification: string; Name: string } {
  return { SchemeName: account.schemeName, Identification: account.identification, Name: account.holderName };
}
