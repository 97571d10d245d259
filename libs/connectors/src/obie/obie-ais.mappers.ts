import type {
  BankAccount,
  BankBalance,
  BankStandingOrder,
  BankTransaction,
} from '../capabilities/account-information.js';
import type { AccountIdentifier } from '../bank-types.js';
import { identifierFor, partyFor } from './obie-accounts.mappers.js';
import { arrayAt, asObject, objectAt, optionalText, textAt, type JsonObject } from '../http/bank-json.js';

/** OBExternalAccountSubType1Code and the gateway's account types. */
export const OB_ACCOUNT_SUB_TYPES = [
  'ChargeCard',
  'CreditCard',
  'CurrentAccount',
  'EMoney',
  'Loan',
  'Mortgage',
  'PrePaidCard',
  'Savings',
] as const;
export type ObAccountSubType = (typeof OB_ACCOUNT_SUB_TYPES)[number];

export const ACCOUNT_TYPES: Readonly<Record<ObAccountSubType, BankAccount['type']>> = {
  ChargeCard: 'CARD',
  CreditCard: 'CARD',
  CurrentAccount: 'CHECKING',
  EMoney: 'OTHER',
  Loan: 'LOAN',
  Mortgage: 'LOAN',
  PrePaidCard: 'CARD',
  Savings: 'SAVINGS',
};

function accountType(subType: string | undefined): BankAccount['type'] {
  return subType !== undefined && Object.prototype.hasOwnProperty.call(ACCOUNT_TYPES, subType)
    ? ACCOUNT_TYPES[subType as ObAccountSubType]
    : 'OTHER';
}

function creditDebit(value: unknown, path: string): 'CREDIT' | 'DEBIT' {
  const indicator = textAt(value, 'CreditDebitIndicator', path);
  return indicator === 'Debit' ? 'DEBIT' : 'CREDIT';
}

function money(value: unknown, path: string): { value: string; currency: string } {
  const amount = objectAt(value, 'Amount', path);
  return {
    value: textAt(amount, 'Amount', `${path}.Amount`),
    currency: textAt(amount, 'Currency', `${path}.Currency`),
  };
}

/** OBAccount6 -> BankAccount. */
export function bankAccount(value: unknown): BankAccount {
  const account = asObject(value) ?? {};
  const details = arrayAt(account, 'Account', 'Account.Account').map((entry) => asObject(entry));
  const identifiers = details
    .map((entry) => identifierFor(entry))
    .filter((id): id is AccountIdentifier => id !== undefined);
  const holderName = details.map((entry) => optionalText(entry, 'Name')).find((name) => name !== undefined);
  return {
    bankAccountId: textAt(account, 'AccountId', 'Account.AccountId'),
    name: optionalText(account, 'Nickname') ?? holderName ?? optionalText(account, 'AccountSubType') ?? 'Account',
    currency: textAt(account, 'Currency', 'Account.Currency'),
    type: accountType(optionalText(account, 'AccountSubType')),
    identifiers,
    ...(holderName === undefined ? {} : { holderName }),
  };
}

/** OBReadBalance1 Balance entry -> BankBalance. */
export function bankBalance(value: unknown): BankBalance {
  return {
    type: textAt(value, 'Type', 'Balance.Type'),
    amount: money(value, 'Balance.Amount'),
    creditDebit: creditDebit(value, 'Balance.CreditDebitIndicator'),
    dateTime: textAt(value, 'DateTime', 'Balance.DateTime'),
  };
}

/** OBTransaction6 -> BankTransaction; the counterparty is the other side of the entry. */
export function bankTransaction(value: unknown): BankTransaction {
  const entry: JsonObject = asObject(value) ?? {};
  const side = creditDebit(entry, 'Transaction.CreditDebitIndicator');
  const counterparty = partyFor(side === 'DEBIT' ? entry['CreditorAccount'] : entry['DebtorAccount']);
  const description = optionalText(entry, 'TransactionInformation') ?? optionalText(entry, 'TransactionReference');
  return {
    bankTransactionId:
      optionalText(entry, 'TransactionId') ?? textAt(entry, 'TransactionReference', 'Transaction.TransactionId'),
    amount: money(entry, 'Transaction.Amount'),
    creditDebit: side,
    status: textAt(entry, 'Status', 'Transaction.Status') === 'Pending' ? 'PENDING' : 'BOOKED',
    bookingDateTime: textAt(entry, 'BookingDateTime', 'Transaction.BookingDateTime'),
    ...(description === undefined ? {} : { description }),
    ...(counterparty === undefined ? {} : { counterparty }),
  };
}

/** OBStandingOrder6 -> BankStandingOrder. */
export function bankStandingOrder(value: unknown): BankStandingOrder {
  const order: JsonObject = asObject(value) ?? {};
  const next = asObject(order['NextPaymentAmount']);
  const creditor = partyFor(order['CreditorAccount']);
  const reference = optionalText(order, 'Reference');
  const nextDate = optionalText(order, 'NextPaymentDateTime');
  const status = optionalText(order, 'StandingOrderStatusCode');
  return {
    bankStandingOrderId:
      optionalText(order, 'StandingOrderId') ?? textAt(order, 'Reference', 'StandingOrder.StandingOrderId'),
    frequency: textAt(order, 'Frequency', 'StandingOrder.Frequency'),
    ...(reference === undefined ? {} : { reference }),
    ...(nextDate === undefined ? {} : { nextPaymentDateTime: nextDate }),
    ...(next === undefined
      ? {}
      : {
          nextPaymentAmount: {
            value: textAt(next, 'Amount', 'NextPaymentAmount.Amount'),
            currency: textAt(next, 'Currency', 'NextPaymentAmount.Currency'),
          },
        }),
    ...(creditor === undefined ? {} : { creditor }),
    ...(status === undefined ? {} : { status }),
  };
}
