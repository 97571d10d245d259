import { Decimal } from 'decimal.js';
import type { SettlementAccount, SettlementBalances } from './settlement-account.store.js';
import type { SettlementCreditRow } from './settlement-credit.store.js';
import type { SettlementPayout } from './settlement-payouts.service.js';

function money(amount: { toString(): string }, currency: string): { value: string; currency: string } {
  return { value: new Decimal(amount.toString()).toFixed(2), currency };
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, inner]) => inner !== null && inner !== undefined),
  ) as Partial<T>;
}

export function accountBody(account: SettlementAccount, balances: SettlementBalances): object {
  return {
    id: account.id,
    reference: account.reference,
    status: account.status,
    currency: account.currency,
    country: account.country,
    name: account.name,
    ...defined({
      iban: account.iban,
      bic: account.bic,
      sortCode: account.sortCode,
      accountNumber: account.accountNumber,
    }),
    balances,
  };
}

export function creditBody(credit: SettlementCreditRow, account: SettlementAccount): object {
  return {
    id: credit.id,
    accountId: credit.accountId,
    amount: money(credit.amount, credit.currency),
    createdDateTime: credit.availableAt.toISOString(),
    description: credit.description,
    localInstrument: credit.localInstrument,
    debtor: defined({
      name: credit.debtorName,
      iban: credit.debtorIban,
      bic: credit.debtorBic,
      sortCode: credit.debtorSortCode,
      accountNumber: credit.debtorAccountNumber,
    }),
    creditor: defined({
      name: account.name,
      iban: account.iban,
      bic: account.bic,
      sortCode: account.sortCode,
      accountNumber: account.accountNumber,
    }),
    ...defined({ refId: credit.refId }),
  };
}

export function payoutBody(payout: SettlementPayout): object {
  return {
    id: payout.id,
    payoutId: payout.payoutId,
    accountId: payout.accountId,
    amount: money(payout.amount, payout.currency),
    refId: payout.refId,
    description: payout.description,
    creditor: payout.creditor,
    status: payout.status,
    ...defined({ reasonCode: payout.reasonCode }),
    createdDateTime: payout.createdAt.toISOString(),
    statusDateTime: payout.statusUpdatedAt.toISOString(),
  };
}
