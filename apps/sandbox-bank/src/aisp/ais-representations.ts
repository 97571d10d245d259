import { obDateTime } from '../http/obie-request.js';
import { Decimal } from 'decimal.js';
import type { Account, AccountTransaction } from '../store/account.store.js';

const MONTH_MS = 30 * 86_400_000;

function money(amount: { toFixed(digits: number): string }, currency: string): { Amount: string; Currency: string } {
  return { Amount: amount.toFixed(2), Currency: currency };
}

/** OBAccount6; the account identification only with ReadAccountsDetail. */
export function obAccount(account: Account, detail: boolean): object {
  return {
    AccountId: account.id,
    Status: 'Enabled',
    StatusUpdateDateTime: obDateTime(account.createdAt),
    Currency: account.currency,
    AccountType: account.accountType,
    AccountSubType: account.accountSubType,
    Nickname: account.nickname,
    OpeningDate: obDateTime(account.createdAt),
    ...(detail
      ? {
          Account: [
            { SchemeName: account.schemeName, Identification: account.identification, Name: account.holderName },
          ],
        }
      : {}),
  };
}

/** OBReadBalance1 entries: interim booked (the account's balance) and available (less pending debits). */
export function obBalances(account: Account, now: Date, pendingDebits: Decimal = new Decimal(0)): object[] {
  const amounts = { InterimAvailable: account.balance.minus(pendingDebits), InterimBooked: account.balance };
  return Object.entries(amounts).map(([type, amount]) => ({
    AccountId: account.id,
    CreditDebitIndicator: amount.isNegative() ? 'Debit' : 'Credit',
    Type: type,
    DateTime: obDateTime(now),
    Amount: money(amount.abs(), account.currency),
  }));
}

/** OBTransaction6; counterparty and narrative only with ReadTransactionsDetail. */
export function obTransaction(entry: AccountTransaction, detail: boolean): object {
  const counterparty =
    entry.counterpartySchemeName !== null && entry.counterpartyIdentification !== null
      ? {
          SchemeName: entry.counterpartySchemeName,
          Identification: entry.counterpartyIdentification,
          Name: entry.counterpartyName ?? '',
        }
      : undefined;
  const side = entry.creditDebit === 'Debit' ? 'CreditorAccount' : 'DebtorAccount';
  return {
    AccountId: entry.accountId,
    TransactionId: entry.id,
    ...(entry.reference === null ? {} : { TransactionReference: entry.reference }),
    CreditDebitIndicator: entry.creditDebit,
    Status: entry.status,
    BookingDateTime: obDateTime(entry.bookingDateTime),
    ValueDateTime: obDateTime(entry.bookingDateTime),
    Amount: money(entry.amount, entry.currency),
    ...(detail ? { TransactionInformation: entry.information } : {}),
    ...(detail && counterparty !== undefined ? { [side]: counterparty } : {}),
    ...(detail && counterparty === undefined && entry.counterpartyName !== null
      ? { MerchantDetails: { MerchantName: entry.counterpartyName } }
      : {}),
  };
}

/**
 * OBStandingOrder6: every sandbox current account pays its rent monthly; a scenario user's also
 * moves 200 to savings each month and has an ended weekly order.
 */
export function obStandingOrders(account: Account, now: Date, detail: boolean, scenarioUser = false): object[] {
  if (account.accountSubType !== 'CurrentAccount') return [];
  const rent = obRentOrder(account, now, detail);
  if (!scenarioUser) return [rent];
  const nextMonth = (day: number): Date =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + (now.getUTCDate() >= day ? 1 : 0), day));
  const savings = {
    AccountId: account.id,
    StandingOrderId: `${account.id}-SO2`,
    Frequency: 'IntrvlMnthDay:01:28',
    Reference: 'SAVINGS',
    FirstPaymentDateTime: obDateTime(new Date(account.createdAt.getTime() + 28 * 86_400_000)),
    NextPaymentDateTime: obDateTime(nextMonth(28)),
    StandingOrderStatusCode: 'Active',
    FirstPaymentAmount: { Amount: '200.00', Currency: account.currency },
    NextPaymentAmount: { Amount: '200.00', Currency: account.currency },
    ...(detail
      ? { CreditorAccount: { SchemeName: account.schemeName, Identification: account.identification, Name: 'Savings' } }
      : {}),
  };
  const ended = {
    AccountId: account.id,
    StandingOrderId: `${account.id}-SO3`,
    Frequency: 'IntrvlWkDay:01:05',
    Reference: 'POCKET MONEY',
    FirstPaymentDateTime: obDateTime(new Date(account.createdAt.getTime() + 7 * 86_400_000)),
    FinalPaymentDateTime: obDateTime(new Date(account.createdAt.getTime() + 180 * 86_400_000)),
    NumberOfPayments: '26',
    StandingOrderStatusCode: 'Inactive',
    FirstPaymentAmount: { Amount: '15.00', Currency: account.currency },
    FinalPaymentAmount: { Amount: '15.00', Currency: account.currency },
    ...(detail
      ? {
          CreditorAccount: {
            SchemeName: 'UK.OBIE.SortCodeAccountNumber',
            Identification: '20000099887766',
            Name: 'A Smith Junior',
          },
        }
      : {}),
  };
  return [rent, savings, ended];
}

function obRentOrder(account: Account, now: Date, detail: boolean): object {
  const first = new Date(account.createdAt.getTime() - 3 * MONTH_MS);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    AccountId: account.id,
    StandingOrderId: `${account.id}-SO1`,
    Frequency: 'IntrvlMnthDay:01:01',
    Reference: 'RENT',
    FirstPaymentDateTime: obDateTime(first),
    NextPaymentDateTime: obDateTime(next),
    StandingOrderStatusCode: 'Active',
    FirstPaymentAmount: { Amount: '750.00', Currency: account.currency },
    NextPaymentAmount: { Amount: '750.00', Currency: account.currency },
    ...(detail
      ? {
          CreditorAccount: {
            SchemeName: 'UK.OBIE.SortCodeAccountNumber',
            Identification: '20000055667788',
            Name: 'Sandbox Lettings Ltd',
          },
        }
      : {}),
  };
}
