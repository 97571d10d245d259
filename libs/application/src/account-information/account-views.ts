import type {
  AccountIdentifier,
  BankAccount,
  BankBalance,
  BankStandingOrder,
  BankTransaction,
  Money,
  PartyAccount,
} from '#libs/connectors';
import { accountIdOf } from '#libs/domain';

/** The interface's account-information shapes (Account, Balance, Transaction, StandingOrder), rendered from the bank's. */

type Json = Record<string, unknown>;

/** AccountIdentifier: one key per identifier form. */
function identifierView(identifier: AccountIdentifier): Json {
  switch (identifier.type) {
    case 'gbDomestic':
      return { gbDomestic: { sortCode: identifier.sortCode, accountNumber: identifier.accountNumber } };
    case 'iban':
      return { iban: { iban: identifier.iban } };
    case 'bban':
      return { bban: { bban: identifier.bban } };
    case 'bankgiro':
      return { bankgiro: { bankgiroNumber: identifier.bankgiroNumber } };
    case 'plusgiro':
      return { plusgiro: { plusgiroNumber: identifier.plusgiroNumber } };
  }
}

export interface AccountFeatureFlags {
  readonly supportsSendPayment: boolean;
  readonly supportsReceivePayment: boolean;
}

export function accountView(bankId: string, account: BankAccount, features: AccountFeatureFlags): Json {
  const details = account.details ?? {};
  const identifiers = account.identifiers.map(identifierView);
  if (details.pan !== undefined) identifiers.push({ pan: { pan: details.pan } });
  const first = account.identifiers[0];
  const bic = details.bic ?? (first !== undefined && 'bic' in first ? first.bic : undefined);
  return {
    id: accountIdOf({ bankId, bankAccountId: account.bankAccountId }),
    bankId,
    name: account.name,
    accountDetails: {
      identifier: first?.type ?? (details.pan === undefined ? 'token' : 'pan'),
      accountIdentifiers: identifiers,
      type: [account.type],
      currency: account.currency,
      ...(account.holderName === undefined ? {} : { accountHolderName: account.holderName }),
      ...(bic === undefined ? {} : { bic }),
      ...(details.status === undefined ? {} : { status: details.status }),
      ...(details.providerAccountDetails === undefined
        ? {}
        : { ProviderAccountDetails: details.providerAccountDetails }),
    },
    accountFeatures: {
      supportsInformation: true,
      supportsReceivePayment: features.supportsReceivePayment,
      supportsSendPayment: features.supportsSendPayment,
    },
  };
}

/** A balance's amount with its side as the sign (an overdrawn account is negative). */
function signed(amount: Money, creditDebit: 'CREDIT' | 'DEBIT'): Json {
  const negative = creditDebit === 'DEBIT' && !/^0+(\.0+)?$/.test(amount.value);
  return { currency: amount.currency, value: negative ? `-${amount.value}` : amount.value };
}

/** Balance: the first available and current balances the bank gave, every other one in otherBalances. */
export function balanceView(accountId: string, balances: readonly BankBalance[]): Json {
  const available = balances.find((balance) => balance.role === 'AVAILABLE');
  const current = balances.find((balance) => balance.role === 'CURRENT');
  const others = balances.filter((balance) => balance !== available && balance !== current);
  return {
    accountId,
    ...(current === undefined ? {} : { current: signed(current.amount, current.creditDebit) }),
    ...(available === undefined ? {} : { available: signed(available.amount, available.creditDebit) }),
    otherBalances: others.map((balance) => ({
      type: balance.type,
      amount: signed(balance.amount, balance.creditDebit),
      updatedAtMs: String(Date.parse(balance.dateTime) || 0),
    })),
  };
}

const TRANSACTION_STATUSES: Readonly<Record<BankTransaction['status'], string>> = {
  BOOKED: 'SUCCESS',
  PENDING: 'PROCESSING',
  REJECTED: 'FAILURE_DECLINED',
};

function creditorEndpoint(party: PartyAccount): Json {
  const identifier = party.identifier;
  return {
    accountIdentifier: identifierView(identifier),
    ...('bic' in identifier && identifier.bic !== undefined ? { bic: identifier.bic } : {}),
    ...(party.name === '' ? {} : { customerData: { legalNames: [party.name] } }),
  };
}

export function transactionView(tokenId: string, entry: BankTransaction): Json {
  const details = entry.details ?? {};
  return {
    id: entry.bankTransactionId,
    bankTransactionId: entry.bankTransactionId,
    type: entry.creditDebit,
    status: TRANSACTION_STATUSES[entry.status],
    amount: { currency: entry.amount.currency, value: entry.amount.value },
    description: entry.description ?? '',
    createdAtMs: String(Date.parse(entry.bookingDateTime) || 0),
    tokenId,
    ...(entry.creditDebit === 'DEBIT' && entry.counterparty !== undefined
      ? { creditorEndpoint: creditorEndpoint(entry.counterparty) }
      : {}),
    ...(details.bankTransactionCode === undefined ? {} : { bankTransactionCode: details.bankTransactionCode }),
    ...(details.providerTransactionDetails === undefined
      ? {}
      : { providerTransactionDetails: details.providerTransactionDetails }),
    ...(details.metadata === undefined ? {} : { metadata: details.metadata }),
  };
}

/** BankAccount (the creditor of a standing order): iban, or domestic for a sort code and account number. */
function standingOrderAccount(identifier: AccountIdentifier): Json | undefined {
  switch (identifier.type) {
    case 'iban':
      return { iban: { iban: identifier.iban, ...(identifier.bic === undefined ? {} : { bic: identifier.bic }) } };
    case 'gbDomestic':
      return { domestic: { accountNumber: identifier.accountNumber, bankCode: identifier.sortCode, country: 'GB' } };
    case 'bban':
    case 'bankgiro':
    case 'plusgiro':
      return undefined;
  }
}

export function standingOrderView(tokenId: string, order: BankStandingOrder): Json {
  const details = order.details;
  const creditor = order.creditor;
  const account = creditor === undefined ? undefined : standingOrderAccount(creditor.identifier);
  return {
    id: order.bankStandingOrderId,
    frequency: details?.frequencyCode ?? order.frequency,
    status: details?.statusCode ?? 'UNKNOWN',
    tokenId,
    ...(details?.createdAt === undefined ? {} : { createdAtMs: String(Date.parse(details.createdAt) || 0) }),
    ...(creditor === undefined
      ? {}
      : {
          creditorEndpoint: {
            ...(account === undefined ? {} : { account }),
            accountIdentifier: identifierView(creditor.identifier),
          },
        }),
    ...(details?.providerStandingOrderDetails === undefined
      ? {}
      : { providerStandingOrderDetails: details.providerStandingOrderDetails }),
  };
}
