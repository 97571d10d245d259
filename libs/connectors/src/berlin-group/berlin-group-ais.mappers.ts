import type { BankAccount, BankBalance, BankTransaction } from '../capabilities/account-information.js';
import type { AccountIdentifier, Money, PartyAccount } from '../bank-types.js';
import {
  MalformedBankResponseError,
  asObject,
  objectAt,
  optionalText,
  textAt,
  type JsonObject,
} from '../http/bank-json.js';

/** ExternalCashAccountType1Code (ISO 20022) as XS2A's cashAccountType, and the gateway's account types. */
export const CASH_ACCOUNT_TYPES = [
  'CACC',
  'CASH',
  'CHAR',
  'CISH',
  'COMM',
  'CPAC',
  'LLSV',
  'LOAN',
  'MGLD',
  'MOMA',
  'NFCA',
  'NREX',
  'ODFT',
  'ONDP',
  'OTHR',
  'SACC',
  'SLRY',
  'SVGS',
  'TAXE',
  'TRAN',
  'TRAS',
  'VACC',
] as const;
export type CashAccountType = (typeof CASH_ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPES: Readonly<Record<CashAccountType, BankAccount['type']>> = {
  CACC: 'CHECKING', // current account
  CASH: 'CHECKING', // cash payment account
  CHAR: 'OTHER', // charges
  CISH: 'OTHER', // cash income
  COMM: 'OTHER', // commission
  CPAC: 'CHECKING', // clearing participant settlement
  LLSV: 'SAVINGS', // limited liquidity savings
  LOAN: 'LOAN',
  MGLD: 'OTHER', // marginal lending
  MOMA: 'SAVINGS', // money market
  NFCA: 'OTHER', // non-resident foreign currency
  NREX: 'OTHER', // non-resident external
  ODFT: 'CHECKING', // overdraft
  ONDP: 'SAVINGS', // overnight deposit
  OTHR: 'OTHER',
  SACC: 'CHECKING', // settlement
  SLRY: 'CHECKING', // salary
  SVGS: 'SAVINGS',
  TAXE: 'OTHER',
  TRAN: 'CHECKING', // transacting
  TRAS: 'OTHER', // cash trading
  VACC: 'OTHER', // virtual
};

function accountType(value: string | undefined): BankAccount['type'] {
  return value !== undefined && Object.prototype.hasOwnProperty.call(ACCOUNT_TYPES, value)
    ? ACCOUNT_TYPES[value as CashAccountType]
    : 'OTHER';
}

/** accountReference -> a gateway identifier (IBAN with the account's BIC when given, or BBAN). */
export function identifierOf(reference: unknown, bic?: string): AccountIdentifier | undefined {
  const iban = optionalText(reference, 'iban');
  if (iban !== undefined) return { type: 'iban', iban, ...(bic === undefined ? {} : { bic }) };
  const bban = optionalText(reference, 'bban');
  if (bban !== undefined) return { type: 'bban', bban, ...(bic === undefined ? {} : { bic }) };
  return undefined;
}

/** amount_json: a signed decimal string; the sign becomes the credit/debit side. */
function signedAmount(value: unknown, path: string): { money: Money; creditDebit: 'CREDIT' | 'DEBIT' } {
  const currency = textAt(value, 'currency', `${path}.currency`);
  const amount = textAt(value, 'amount', `${path}.amount`);
  if (!/^-?\d{1,14}(\.\d{1,5})?$/.test(amount)) throw new MalformedBankResponseError(`${path}.amount`);
  const debit = amount.startsWith('-');
  return { money: { value: debit ? amount.slice(1) : amount, currency }, creditDebit: debit ? 'DEBIT' : 'CREDIT' };
}

/** A date (ISODate) or date-time as a date-time. */
function dateTime(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
}

/** accountDetails -> BankAccount. */
export function bankAccount(value: unknown): BankAccount {
  const account: JsonObject = asObject(value) ?? {};
  const bic = optionalText(account, 'bic');
  const identifier = identifierOf(account, bic);
  const holderName = optionalText(account, 'ownerName');
  const cashAccountType = optionalText(account, 'cashAccountType');
  return {
    bankAccountId: textAt(account, 'resourceId', 'accounts[].resourceId'),
    name:
      optionalText(account, 'name') ??
      optionalText(account, 'displayName') ??
      optionalText(account, 'product') ??
      holderName ??
      'Account',
    currency: textAt(account, 'currency', 'accounts[].currency'),
    type: accountType(cashAccountType),
    identifiers: identifier === undefined ? [] : [identifier],
    ...(holderName === undefined ? {} : { holderName }),
  };
}

/** balance -> BankBalance; the type is XS2A's balanceType verbatim (closingBooked, interimAvailable ...). */
export function bankBalance(value: unknown, nowIso: string): BankBalance {
  const { money, creditDebit } = signedAmount(
    objectAt(value, 'balanceAmount', 'balances[].balanceAmount'),
    'balances[].balanceAmount',
  );
  const changed = optionalText(value, 'lastChangeDateTime');
  const reference = optionalText(value, 'referenceDate');
  return {
    type: textAt(value, 'balanceType', 'balances[].balanceType'),
    amount: money,
    creditDebit,
    dateTime: changed ?? (reference === undefined ? nowIso : dateTime(reference)),
  };
}

function party(name: string | undefined, reference: unknown): PartyAccount | undefined {
  const identifier = identifierOf(reference);
  return identifier === undefined ? undefined : { name: name ?? '', identifier };
}

/** transactionDetails -> BankTransaction; the counterparty is the other side of the entry. */
export function bankTransaction(value: unknown, status: 'BOOKED' | 'PENDING'): BankTransaction {
  const entry: JsonObject = asObject(value) ?? {};
  const { money, creditDebit } = signedAmount(
    objectAt(entry, 'transactionAmount', 'transactions[].transactionAmount'),
    'transactions[].transactionAmount',
  );
  const counterparty =
    creditDebit === 'DEBIT'
      ? party(optionalText(entry, 'creditorName'), entry['creditorAccount'])
      : party(optionalText(entry, 'debtorName'), entry['debtorAccount']);
  const description =
    optionalText(entry, 'remittanceInformationUnstructured') ??
    optionalText(asObject(entry['remittanceInformationStructured']), 'reference') ??
    optionalText(entry, 'additionalInformation');
  const when =
    optionalText(entry, 'bookingDate') ?? optionalText(entry, 'valueDate') ?? optionalText(entry, 'transactionDate');
  if (when === undefined) throw new MalformedBankResponseError('transactions[].bookingDate');
  return {
    bankTransactionId:
      optionalText(entry, 'transactionId') ?? textAt(entry, 'entryReference', 'transactions[].transactionId'),
    amount: money,
    creditDebit,
    status,
    bookingDateTime: dateTime(when),
    ...(description === undefined ? {} : { description }),
    ...(counterparty === undefined ? {} : { counterparty }),
  };
}
