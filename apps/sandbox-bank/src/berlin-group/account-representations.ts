import { Decimal } from 'decimal.js';
import type { Account, AccountTransaction } from '../store/account.store.js';
import { links } from './xs2a-request.js';

type Amount = { toFixed(digits: number): string; isNegative(): boolean; abs(): Amount };

/** amount_json: a decimal string with a sign, two decimals. */
function amount(value: Amount, currency: string, negative = value.isNegative()): { currency: string; amount: string } {
  return { currency, amount: `${negative ? '-' : ''}${value.abs().toFixed(2)}` };
}

/** ExternalCashAccountType1Code of the sandbox's account sub-types. */
const CASH_ACCOUNT_TYPES: Readonly<Record<string, string>> = { CurrentAccount: 'CACC', Savings: 'SVGS' };

/** The product name of each sandbox account sub-type. */
const PRODUCTS: Readonly<Record<string, string>> = {
  CurrentAccount: 'Sandbox Current Account',
  Savings: 'Sandbox Savings',
  CreditCard: 'Sandbox Visa Credit Card',
};

/** accountReference of an account or counterparty, by its scheme. */
function reference(
  schemeName: string | null,
  identification: string | null,
): { iban: string } | { bban: string } | { maskedPan: string } | undefined {
  if (identification === null) return undefined;
  if (schemeName === 'PAN' || schemeName === 'UK.OBIE.PAN') return { maskedPan: identification };
  if (schemeName === 'IBAN' || schemeName === 'UK.OBIE.IBAN') return { iban: identification };
  if (schemeName === 'BBAN' || schemeName === 'UK.OBIE.BBAN') return { bban: identification };
  return undefined;
}

/** accountDetails, with links to what the consent lets the TPP read. */
export function xs2aAccount(
  account: Account,
  bic: string,
  base: string,
  grants: { readonly balances: boolean; readonly transactions: boolean },
): object {
  const self = `${base}/accounts/${account.id}`;
  return {
    resourceId: account.id,
    ...reference(account.schemeName, account.identification),
    bic,
    currency: account.currency,
    name: account.nickname,
    product: PRODUCTS[account.accountSubType] ?? 'Sandbox Current Account',
    cashAccountType: CASH_ACCOUNT_TYPES[account.accountSubType] ?? 'OTHR',
    status: 'enabled',
    usage: 'PRIV',
    ownerName: account.holderName,
    _links: links({
      balances: grants.balances ? `${self}/balances` : undefined,
      transactions: grants.transactions ? `${self}/transactions` : undefined,
    }),
  };
}

/** readAccountBalanceResponse-200: the booked balance at the start of the day and the available one now. */
export function xs2aBalances(account: Account, now: Date, pendingDebits?: Decimal): object {
  const balance = amount(account.balance, account.currency);
  const available =
    pendingDebits === undefined
      ? balance
      : amount(new Decimal(account.balance.toString()).minus(pendingDebits), account.currency);
  return {
    account: { ...reference(account.schemeName, account.identification), currency: account.currency },
    balances: [
      { balanceType: 'closingBooked', balanceAmount: balance, referenceDate: now.toISOString().slice(0, 10) },
      { balanceType: 'interimAvailable', balanceAmount: available, lastChangeDateTime: now.toISOString() },
    ],
  };
}

/** transactionDetails: a signed amount, the other side as creditor (debits) or debtor (credits). */
export function xs2aTransaction(entry: AccountTransaction): object {
  const debit = entry.creditDebit === 'Debit';
  const day = entry.bookingDateTime.toISOString().slice(0, 10);
  const other = reference(entry.counterpartySchemeName, entry.counterpartyIdentification);
  const counterparty = debit
    ? {
        ...(entry.counterpartyName === null ? {} : { creditorName: entry.counterpartyName }),
        ...(other === undefined ? {} : { creditorAccount: other }),
      }
    : {
        ...(entry.counterpartyName === null ? {} : { debtorName: entry.counterpartyName }),
        ...(other === undefined ? {} : { debtorAccount: other }),
      };
  return {
    transactionId: entry.id,
    ...(entry.reference === null ? {} : { endToEndId: entry.reference }),
    ...(entry.status === 'Booked' ? { bookingDate: day } : {}),
    valueDate: day,
    transactionAmount: amount(entry.amount, entry.currency, debit),
    ...counterparty,
    remittanceInformationUnstructured: entry.information,
  };
}
