import { obDateTime } from '../http/obie-request.js';
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

/** OBReadBalance1 entries: interim available and booked, both the account's balance. */
export function obBalances(account: Account, now: Date): object[] {
  const creditDebit = account.balance.isNegative() ? 'Debit' : 'Credit';
  return ['InterimAvailable', 'InterimBooked'].map((type) => ({
    AccountId: account.id,
    CreditDebitIndicator: creditDebit,
    Type: type,
    DateTime: obDateTime(now),
    Amount: money(account.balance.abs(), account.currency),
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

/** OBStandingOrder6: every sandbox current account pays its rent monthly. */
export function obStandingOrders(account: Account, now: Date, detail: boolean): object[] {
  if (account.accountSubType !== 'CurrentAccount') return [];
  const first = new Date(account.createdAt.getTime() - 3 * MONTH_MS);
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return [
    {
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
    },
  ];
}
