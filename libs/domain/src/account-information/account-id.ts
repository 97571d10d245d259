/**
 * The interface's account id: the bank and the bank's own account id, so a read needs no stored
 * copy of the account list. `a:<bank id>:<bank account id>`, each part base64url. A token can
 * only reach accounts at its own bank: an id of another bank is simply not found.
 */
export interface AccountRef {
  readonly bankId: string;
  readonly bankAccountId: string;
}

const PART = /^[A-Za-z0-9_-]{1,512}$/;

export function accountIdOf(ref: AccountRef): string {
  const part = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
  return `a:${part(ref.bankId)}:${part(ref.bankAccountId)}`;
}

/** The bank and account an id names, or undefined for anything that is not such an id. */
export function accountRefOf(accountId: string): AccountRef | undefined {
  const [prefix, bank, account, ...rest] = accountId.split(':');
  if (prefix !== 'a' || rest.length > 0 || bank === undefined || account === undefined) return undefined;
  if (!PART.test(bank) || !PART.test(account)) return undefined;
  const bankId = Buffer.from(bank, 'base64url').toString('utf8');
  const bankAccountId = Buffer.from(account, 'base64url').toString('utf8');
  if (bankId === '' || bankAccountId === '' || accountIdOf({ bankId, bankAccountId }) !== accountId) return undefined;
  return { bankId, bankAccountId };
}
