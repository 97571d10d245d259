import type { Prisma, SettlementAccountView, SettlementTransaction } from '#libs/db';
import { balancesFromStrings, balancesToStrings, fromMinorUnits, toMinorUnits } from '#libs/domain';

/** The reference's VirtualAccount, as the API answers it (absent values left out). */
export interface VirtualAccountResource {
  readonly accountId: string;
  readonly status: string;
  readonly currency: string;
  readonly country: string;
  readonly accountNickName?: string;
  readonly accountName?: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
  readonly availableBalance: string;
  readonly bookedBalance: string;
  readonly clearedBalance: string;
  readonly onBehalfOfId?: string;
  readonly createdDateTime: string;
  readonly updatedDateTime: string;
}

/** A payer or payee of a settlement transaction as stored (debtor / creditor JSON). */
export interface StoredSettlementParty {
  readonly name?: string;
  readonly iban?: string;
  readonly bic?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
}

/** The reference's VirtualAccountTransactions (a list entry). */
export interface VirtualAccountTransactionsResource {
  readonly providerPaymentId: string;
  readonly transactionType: string;
  readonly amount: { readonly value: string; readonly currency: string };
  readonly createdDateTime: string;
  readonly description?: string;
  readonly localInstrument?: string;
  readonly refId?: string;
  readonly debtor?: StoredSettlementParty;
  readonly creditor?: StoredSettlementParty;
}

/** The reference's VirtualAccountTransaction: the list entry plus what it settled or paid. */
export interface VirtualAccountTransactionResource extends VirtualAccountTransactionsResource {
  readonly paymentId?: string;
  readonly transferId?: string;
  readonly payoutId?: string;
  readonly refundId?: string;
}

/** What renderVirtualAccount reads of an account, the balances as Decimals or their decimal text. */
type StoredAccountResource = Omit<SettlementAccountView, 'bookedBalance' | 'availableBalance' | 'clearedBalance'> &
  Readonly<Record<'bookedBalance' | 'availableBalance' | 'clearedBalance', Prisma.Decimal | string>>;

const present = <K extends string>(key: K, value: string | null): { [P in K]?: string } =>
  (value === null || value === '' ? {} : { [key]: value }) as { [P in K]?: string };

/** A stored decimal as the API writes money: two fraction digits, more only when needed. */
export function decimalString(value: Prisma.Decimal | string): string {
  return fromMinorUnits(toMinorUnits(value.toString()));
}

/** A stored account as the API shows it: its view (balances as decimal text) or its whole row (balances as Decimals). */
export function renderVirtualAccount(row: StoredAccountResource): VirtualAccountResource {
  const balances = balancesToStrings(
    balancesFromStrings({
      bookedBalance: row.bookedBalance.toString(),
      clearedBalance: row.clearedBalance.toString(),
      availableBalance: row.availableBalance.toString(),
    }),
  );
  return {
    accountId: row.id,
    status: row.status,
    currency: row.currency,
    country: row.country,
    ...present('accountNickName', row.accountNickName),
    ...present('accountName', row.accountName),
    ...present('iban', row.iban),
    ...present('bic', row.bic),
    ...present('sortCode', row.sortCode),
    ...present('accountNumber', row.accountNumber),
    availableBalance: balances.availableBalance,
    bookedBalance: balances.bookedBalance,
    clearedBalance: balances.clearedBalance,
    ...present('onBehalfOfId', row.onBehalfOfId),
    createdDateTime: row.createdAt.toISOString(),
    updatedDateTime: row.updatedAt.toISOString(),
  };
}

/** A stored party with its empty fields left out, or undefined when it names nothing. */
export function partyOf(stored: Prisma.JsonValue | null): StoredSettlementParty | undefined {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return undefined;
  const fields = ['name', 'iban', 'bic', 'sortCode', 'accountNumber'] as const;
  const party = Object.fromEntries(
    fields.flatMap((field) => {
      const value = stored[field];
      return typeof value === 'string' && value !== '' ? [[field, value]] : [];
    }),
  ) as StoredSettlementParty;
  return Object.keys(party).length === 0 ? undefined : party;
}

export function renderTransactionEntry(row: SettlementTransaction): VirtualAccountTransactionsResource {
  const debtor = partyOf(row.debtor);
  const creditor = partyOf(row.creditor);
  return {
    providerPaymentId: row.providerPaymentId,
    transactionType: row.transactionType,
    amount: { value: decimalString(row.amount), currency: row.currency },
    createdDateTime: row.createdDateTime.toISOString(),
    ...present('description', row.description),
    ...present('localInstrument', row.localInstrument),
    ...present('refId', row.refId),
    ...(debtor === undefined ? {} : { debtor }),
    ...(creditor === undefined ? {} : { creditor }),
  };
}

export function renderTransaction(row: SettlementTransaction): VirtualAccountTransactionResource {
  return {
    ...renderTransactionEntry(row),
    ...present('paymentId', row.paymentId),
    ...present('transferId', row.transferId),
    ...present('payoutId', row.payoutId),
    ...present('refundId', row.refundId),
  };
}
