import type { Prisma } from '../store/sandbox-db.js';
import { isValidIban } from './iban.js';
import { isObject, objectAt, textAt, type Json } from './request-fields.js';
import { Xs2aError } from './xs2a-error.js';

/** The access a consent asks for: everything (allPsd2), the list only, or per account (empty lists: the user picks). */
export type ConsentAccess =
  | { readonly kind: 'allPsd2' }
  | { readonly kind: 'availableAccounts' }
  | {
      readonly kind: 'lists';
      readonly accounts: readonly string[];
      readonly balances: readonly string[] | null;
      readonly transactions: readonly string[] | null;
    };

function ibanList(access: Json, key: string): readonly string[] | null {
  const value = access[key];
  if (value === undefined) return null;
  if (!Array.isArray(value))
    throw Xs2aError.format(`access.${key} must be a list of account references.`, `access.${key}`);
  return value.map((entry, index) => {
    const iban = isObject(entry) ? entry['iban'] : undefined;
    if (typeof iban !== 'string' || !isValidIban(iban))
      throw Xs2aError.format(`access.${key}[${index}].iban must be a valid IBAN.`, `access.${key}[${index}]`);
    return iban.replace(/\s/g, '').toUpperCase();
  });
}

/** consents_json; `today` is the bank's ISO date. */
export function validConsentBody(
  body: unknown,
  today: string,
): { body: Prisma.InputJsonObject; access: ConsentAccess; validUntil: string } {
  if (!isObject(body)) throw Xs2aError.format('The body must be a JSON object.');
  const access = objectAt(body, 'access');
  if (typeof body['recurringIndicator'] !== 'boolean')
    throw Xs2aError.format('recurringIndicator must be true or false.', 'recurringIndicator');
  if (typeof body['combinedServiceIndicator'] !== 'boolean')
    throw Xs2aError.format('combinedServiceIndicator must be true or false.', 'combinedServiceIndicator');
  const frequency = body['frequencyPerDay'];
  if (typeof frequency !== 'number' || !Number.isInteger(frequency) || frequency < 1)
    throw Xs2aError.format('frequencyPerDay must be a positive integer.', 'frequencyPerDay');
  const validUntil = textAt(body, 'validUntil', 'validUntil', 10, true) ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(validUntil) || validUntil < today)
    throw new Xs2aError(400, 'PERIOD_INVALID', 'validUntil must be an ISO date from today on.', 'validUntil');
  let parsed: ConsentAccess;
  if (access['allPsd2'] !== undefined) {
    if (access['allPsd2'] !== 'allAccounts' && access['allPsd2'] !== 'allAccountsWithOwnerName')
      throw Xs2aError.format('access.allPsd2 must be allAccounts.', 'access.allPsd2');
    parsed = { kind: 'allPsd2' };
  } else if (access['availableAccounts'] !== undefined) {
    parsed = { kind: 'availableAccounts' };
  } else {
    const accounts = ibanList(access, 'accounts');
    const balances = ibanList(access, 'balances');
    const transactions = ibanList(access, 'transactions');
    if (accounts === null && balances === null && transactions === null)
      throw Xs2aError.format('access names nothing to share.', 'access');
    parsed = { kind: 'lists', accounts: accounts ?? [], balances, transactions };
  }
  return { body: body as Prisma.InputJsonObject, access: parsed, validUntil };
}

/** What the consent lets the TPP read of an account (by IBAN). */
export function consentGrants(
  access: ConsentAccess,
  iban: string,
  what: 'accounts' | 'balances' | 'transactions',
): boolean {
  switch (access.kind) {
    case 'allPsd2':
      return true;
    case 'availableAccounts':
      return what === 'accounts';
    case 'lists': {
      const lists = {
        accounts: [...access.accounts, ...(access.balances ?? []), ...(access.transactions ?? [])],
        balances: access.balances,
        transactions: access.transactions,
      };
      const list = lists[what];
      if (list === null) return false;
      // A bank-offered consent (empty lists): the user shares every account at the bank.
      return list.length === 0 || list.includes(iban);
    }
  }
}
