import type {
  BalanceRole,
  BankAccountDetails,
  BankStandingOrderDetails,
  BankTransactionDetails,
  StandingOrderStatusCode,
} from '../capabilities/account-information.js';
import { UnknownBankStatusError, lookupStatus } from '../bank-status-codes.js';
import { asObject, optionalText, type JsonObject } from '../http/bank-json.js';

/**
 * UK Open Banking AIS codes and the interface's words for them, each table over the standard's
 * whole code set (account-info-openapi). A code outside a table is an UnknownBankStatusError.
 */

/** OBBalanceType1Code -> where the interface's Balance shows it. */
export const OB_BALANCE_ROLES = {
  ClosingAvailable: 'AVAILABLE',
  ClosingBooked: 'CURRENT',
  ClosingCleared: 'OTHER',
  Expected: 'OTHER',
  ForwardAvailable: 'OTHER',
  Information: 'OTHER',
  InterimAvailable: 'AVAILABLE',
  InterimBooked: 'CURRENT',
  InterimCleared: 'OTHER',
  OpeningAvailable: 'OTHER',
  OpeningBooked: 'OTHER',
  OpeningCleared: 'OTHER',
  PreviouslyClosedBooked: 'OTHER',
} as const satisfies Record<string, BalanceRole>;

/** OBEntryStatus1Code -> the gateway's entry status. */
export const OB_ENTRY_STATUSES = {
  Booked: 'BOOKED',
  Pending: 'PENDING',
  Rejected: 'REJECTED',
} as const satisfies Record<string, 'BOOKED' | 'PENDING' | 'REJECTED'>;

/** OBExternalAccountType1Code -> Cma9AccountDetailsAccountType. */
export const OB_CMA9_ACCOUNT_TYPES = {
  Business: 'BUSINESS_ACCOUNT',
  Personal: 'PERSONAL_ACCOUNT',
} as const;

/** OBExternalAccountSubType1Code -> Cma9AccountDetailsAccountSubtype. */
export const OB_CMA9_ACCOUNT_SUBTYPES = {
  ChargeCard: 'CHARGE_CARD',
  CreditCard: 'CREDIT_CARD',
  CurrentAccount: 'CURRENT_ACCOUNT',
  EMoney: 'EMONEY',
  Loan: 'LOAN',
  Mortgage: 'MORTGAGE',
  PrePaidCard: 'PREPAID_CARD',
  Savings: 'SAVINGS',
} as const;

/** OBAccountStatus1Code -> the interface's free-text account status. */
export const OB_ACCOUNT_STATUSES = {
  Deleted: 'deleted',
  Disabled: 'disabled',
  Enabled: 'enabled',
  Pending: 'pending',
  ProForma: 'proForma',
} as const;

/** OBExternalStandingOrderStatus1Code -> StandingOrderStatus. */
export const OB_STANDING_ORDER_STATUSES = {
  Active: 'ACTIVE',
  Inactive: 'INACTIVE',
} as const satisfies Record<string, StandingOrderStatusCode>;

/**
 * The OBIE Frequency grammar's forms and the ISO 20022 code each amounts to (undefined where no
 * ISO code says it, e.g. every second week: the bank's own text is then shown).
 */
export const OB_FREQUENCY_FORMS = {
  EvryDay: () => 'DAIL',
  EvryWorkgDay: () => 'DAIL',
  IntrvlDay: (days: number) => ({ 1: 'DAIL', 7: 'WEEK' })[days],
  IntrvlWkDay: (weeks: number) => ({ 1: 'WEEK' })[weeks],
  WkInMnthDay: () => 'MNTH',
  IntrvlMnthDay: (months: number) => ({ 1: 'MNTH', 3: 'QUTR', 6: 'SEMI', 12: 'YEAR' })[months],
  QtrDay: () => 'QUTR',
} as const satisfies Record<string, (interval: number) => string | undefined>;

export function balanceRole(type: unknown): BalanceRole {
  return lookupStatus('OBBalanceType1Code', OB_BALANCE_ROLES, type).value;
}

export function entryStatus(status: unknown): 'BOOKED' | 'PENDING' | 'REJECTED' {
  return lookupStatus('OBEntryStatus1Code', OB_ENTRY_STATUSES, status).value;
}

/** An OBIE Frequency as its ISO 20022 code, or the bank's text when no code says it. */
export function frequencyCode(frequency: string): string {
  const [form, first] = frequency.split(':');
  const { value } = lookupStatus('OBIE Frequency', OB_FREQUENCY_FORMS, form);
  const counted = form === 'IntrvlDay' || form === 'IntrvlWkDay' || form === 'IntrvlMnthDay';
  const interval = counted ? Number(first) : 1;
  if (!Number.isInteger(interval) || interval < 1) throw new UnknownBankStatusError('OBIE Frequency', frequency);
  return value(interval) ?? frequency;
}

const money = (value: unknown): { currency: string; value: string } | undefined => {
  const amount = optionalText(value, 'Amount');
  const currency = optionalText(value, 'Currency');
  return amount === undefined || currency === undefined ? undefined : { currency, value: amount };
};

/** Only the entries with a value: the interface's optional fields are absent, never empty. */
function present(fields: Record<string, unknown>): JsonObject {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) =>
        value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0),
    ),
  );
}

/** OBAccount6 -> AccountDetails extras and Cma9AccountDetails. */
export function accountDetails(value: unknown): BankAccountDetails {
  const account = asObject(value) ?? {};
  const status = account['Status'];
  const type = account['AccountType'];
  const subType = account['AccountSubType'];
  const first = asObject(Array.isArray(account['Account']) ? (account['Account'] as unknown[])[0] : undefined);
  const servicer = asObject(account['Servicer']);
  const bic =
    optionalText(servicer, 'SchemeName') === 'UK.OBIE.BICFI' ? optionalText(servicer, 'Identification') : undefined;
  const pan = optionalText(first, 'SchemeName') === 'UK.OBIE.PAN' ? optionalText(first, 'Identification') : undefined;
  return present({
    bic,
    pan,
    status: status === undefined ? undefined : lookupStatus('OBAccountStatus1Code', OB_ACCOUNT_STATUSES, status).value,
    providerAccountDetails: {
      cma9AccountDetails: present({
        accountType:
          type === undefined
            ? undefined
            : lookupStatus('OBExternalAccountType1Code', OB_CMA9_ACCOUNT_TYPES, type).value,
        accountSubtype:
          subType === undefined
            ? undefined
            : lookupStatus('OBExternalAccountSubType1Code', OB_CMA9_ACCOUNT_SUBTYPES, subType).value,
        description: optionalText(account, 'Description'),
        name: optionalText(first, 'Name'),
      }),
    },
  });
}

function cashAccount(value: unknown, nameKey: 'creditorName' | 'debtorName'): JsonObject | undefined {
  const account = asObject(value);
  if (account === undefined) return undefined;
  return present({
    accountIdentification: optionalText(account, 'Identification'),
    [nameKey]: optionalText(account, 'Name'),
    schemeName: optionalText(account, 'SchemeName'),
    secondaryIdentification: optionalText(account, 'SecondaryIdentification'),
  });
}

function agent(value: unknown, nameKey: 'creditorAgentName' | 'debtorAgentName'): JsonObject | undefined {
  const branch = asObject(value);
  if (branch === undefined) return undefined;
  return present({
    identification: optionalText(branch, 'Identification'),
    schemeName: optionalText(branch, 'SchemeName'),
    [nameKey]: optionalText(branch, 'Name'),
  });
}

/** OBTransaction6 -> BankTransactionCode, Cma9ApiTransactionDetails and metadata. */
export function transactionDetails(value: unknown): BankTransactionDetails {
  const entry = asObject(value) ?? {};
  const code = asObject(entry['BankTransactionCode']);
  const proprietary = asObject(entry['ProprietaryBankTransactionCode']);
  const merchant = asObject(entry['MerchantDetails']);
  const card = asObject(entry['CardInstrument']);
  const debtor = cashAccount(entry['DebtorAccount'], 'debtorName');
  const cardInstrument =
    card === undefined
      ? undefined
      : present({
          accountIdentification: optionalText(card, 'Identification'),
          authorizationType: optionalText(card, 'AuthorisationType'),
          cardSchemeName: optionalText(card, 'CardSchemeName'),
          name: optionalText(card, 'Name'),
        });
  const metadata = present({
    transactionReference: optionalText(entry, 'TransactionReference'),
    valueDateTime: optionalText(entry, 'ValueDateTime'),
    addressLine: optionalText(entry, 'AddressLine'),
  }) as Record<string, string>;
  return present({
    bankTransactionCode:
      code === undefined && proprietary === undefined
        ? undefined
        : present({
            domain:
              code === undefined
                ? undefined
                : present({ familyCode: optionalText(code, 'Code'), subFamilyCode: optionalText(code, 'SubCode') }),
            proprietary:
              proprietary === undefined
                ? undefined
                : present({ code: optionalText(proprietary, 'Code'), issuer: optionalText(proprietary, 'Issuer') }),
          }),
    providerTransactionDetails: {
      cma9ApiTransactionDetails: present({
        creditorAccount: cashAccount(entry['CreditorAccount'], 'creditorName'),
        creditorAgent: agent(entry['CreditorAgent'], 'creditorAgentName'),
        debtorAccount:
          debtor === undefined && cardInstrument === undefined ? undefined : present({ ...debtor, cardInstrument }),
        debtorAgent: agent(entry['DebtorAgent'], 'debtorAgentName'),
        merchantDetails:
          merchant === undefined
            ? undefined
            : present({
                merchantName: optionalText(merchant, 'MerchantName'),
                merchantCategoryCode: optionalText(merchant, 'MerchantCategoryCode'),
              }),
      }),
    },
    metadata,
  });
}

/** OBStandingOrder6 -> StandingOrder fields and Cma9StandingOrderDetails. */
export function standingOrderDetails(value: unknown): BankStandingOrderDetails {
  const order = asObject(value) ?? {};
  const frequency = optionalText(order, 'Frequency') ?? '';
  const status = order['StandingOrderStatusCode'];
  const first = optionalText(order, 'FirstPaymentDateTime');
  const creditor = asObject(order['CreditorAccount']);
  const payments = optionalText(order, 'NumberOfPayments');
  return present({
    frequencyCode: frequencyCode(frequency),
    statusCode:
      status === undefined
        ? 'UNKNOWN'
        : lookupStatus('OBExternalStandingOrderStatus1Code', OB_STANDING_ORDER_STATUSES, status).value,
    createdAt: first,
    providerStandingOrderDetails: {
      cma9StandingOrderDetails: present({
        creditorAccount:
          creditor === undefined
            ? undefined
            : present({
                identification: optionalText(creditor, 'Identification'),
                name: optionalText(creditor, 'Name'),
                schemeName: optionalText(creditor, 'SchemeName'),
              }),
        finalPaymentAmount: money(order['FinalPaymentAmount']),
        finalPaymentDateTime: optionalText(order, 'FinalPaymentDateTime'),
        firstPaymentAmount: money(order['FirstPaymentAmount']),
        firstPaymentDateTime: first,
        frequency,
        nextPaymentAmount: money(order['NextPaymentAmount']),
        nextPaymentDateTime: optionalText(order, 'NextPaymentDateTime'),
        numberOfPayments: payments === undefined || !/^\d{1,9}$/.test(payments) ? undefined : Number(payments),
        reference: optionalText(order, 'Reference'),
      }),
    },
  }) as unknown as BankStandingOrderDetails;
}
