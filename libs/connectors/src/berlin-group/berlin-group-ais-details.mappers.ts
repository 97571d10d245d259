import type { BalanceRole, BankAccountDetails, BankTransactionDetails } from '../capabilities/account-information.js';
import { lookupStatus } from '../bank-status-codes.js';
import { asObject, optionalText, type JsonObject } from '../http/bank-json.js';
import { CASH_ACCOUNT_TYPES } from './berlin-group-ais.mappers.js';

/**
 * Berlin Group NextGenPSD2 (v1.3.x) AIS codes and the interface's words for them, each table over
 * the standard's whole code set. A code outside a table is an UnknownBankStatusError.
 */

/** balanceType -> where the interface's Balance shows it. */
export const XS2A_BALANCE_ROLES = {
  closingBooked: 'CURRENT',
  expected: 'OTHER',
  authorised: 'OTHER',
  openingBooked: 'OTHER',
  interimAvailable: 'AVAILABLE',
  interimBooked: 'CURRENT',
  forwardAvailable: 'OTHER',
  nonInvoiced: 'OTHER',
} as const satisfies Record<string, BalanceRole>;

/** accountStatus -> the interface's free-text account status. */
export const XS2A_ACCOUNT_STATUSES = { enabled: 'enabled', deleted: 'deleted', blocked: 'blocked' } as const;

/** usage: PRIV (private) or ORGA (professional), shown as the bank gives it. */
export const XS2A_ACCOUNT_USAGES = { PRIV: 'PRIV', ORGA: 'ORGA' } as const;

/** cashAccountType: every ExternalCashAccountType1Code, shown as the bank gives it. */
export const XS2A_CASH_ACCOUNT_TYPES: Readonly<Record<string, string>> = Object.fromEntries(
  CASH_ACCOUNT_TYPES.map((code) => [code, code]),
);

/** The purposeCode values the interface's NextGenPsd2TransactionDetails can carry; others go to metadata. */
export const INTERFACE_PURPOSE_CODES: ReadonlySet<string> = new Set(['CASH', 'CORT', 'DVPM', 'INTC', 'TREA', 'SUPP']);

export function xs2aBalanceRole(type: unknown): BalanceRole {
  return lookupStatus('XS2A balanceType', XS2A_BALANCE_ROLES, type).value;
}

function present(fields: Record<string, unknown>): JsonObject {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) =>
        value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0),
    ),
  );
}

/** accountDetails -> AccountDetails extras and NextGenPsd2AccountDetails. */
export function xs2aAccountDetails(value: unknown): BankAccountDetails {
  const account = asObject(value) ?? {};
  const status = account['status'];
  const usage = account['usage'];
  const cashAccountType = account['cashAccountType'];
  return present({
    bic: optionalText(account, 'bic'),
    pan: optionalText(account, 'maskedPan') ?? optionalText(account, 'pan'),
    status: status === undefined ? undefined : lookupStatus('XS2A accountStatus', XS2A_ACCOUNT_STATUSES, status).value,
    providerAccountDetails: {
      nextGenPsd2AccountDetails: present({
        cashAccountType:
          cashAccountType === undefined
            ? undefined
            : lookupStatus('ExternalCashAccountType1Code', XS2A_CASH_ACCOUNT_TYPES, cashAccountType).value,
        currency: optionalText(account, 'currency'),
        details: optionalText(account, 'details'),
        linkedAccounts: optionalText(account, 'linkedAccounts'),
        product: optionalText(account, 'product'),
        usage: usage === undefined ? undefined : lookupStatus('XS2A usage', XS2A_ACCOUNT_USAGES, usage).value,
      }),
    },
  });
}

/** accountReference -> NextGenPsd2AccountReference. */
function reference(value: unknown): JsonObject | undefined {
  const account = asObject(value);
  if (account === undefined) return undefined;
  return present({
    bban: optionalText(account, 'bban'),
    currency: optionalText(account, 'currency'),
    iban: optionalText(account, 'iban'),
    maskedPan: optionalText(account, 'maskedPan'),
    msisdn: optionalText(account, 'msisdn'),
    pan: optionalText(account, 'pan'),
  });
}

/** bankTransactionCode "PMNT-RCDT-ESCT" -> BankTransactionCodeDomain. */
function domainOf(code: string | undefined): JsonObject | undefined {
  if (code === undefined) return undefined;
  const [domain, family, subFamily] = code.split('-');
  return present({ code: domain, familyCode: family, subFamilyCode: subFamily });
}

/** transactionDetails -> BankTransactionCode, NextGenPsd2TransactionDetails and metadata. */
export function xs2aTransactionDetails(value: unknown): BankTransactionDetails {
  const entry = asObject(value) ?? {};
  const domain = domainOf(optionalText(entry, 'bankTransactionCode'));
  const proprietary = optionalText(entry, 'proprietaryBankTransactionCode');
  const purpose = optionalText(entry, 'purposeCode');
  const structured = entry['remittanceInformationStructured'];
  const structuredText =
    typeof structured === 'string' && structured !== '' ? structured : optionalText(structured, 'reference');
  const exchange = Array.isArray(entry['currencyExchange']) ? (entry['currencyExchange'] as unknown[]) : [];
  return present({
    bankTransactionCode:
      domain === undefined && proprietary === undefined
        ? undefined
        : present({ domain, proprietary: proprietary === undefined ? undefined : { code: proprietary } }),
    providerTransactionDetails: {
      nextGenPsd2TransactionDetails: present({
        additionalInformation: optionalText(entry, 'additionalInformation'),
        domain,
        checkId: optionalText(entry, 'checkId'),
        creditorAccount: reference(entry['creditorAccount']),
        creditorId: optionalText(entry, 'creditorId'),
        creditorName: optionalText(entry, 'creditorName'),
        currencyExchange:
          exchange.length === 0
            ? undefined
            : exchange.map((rate) =>
                present({
                  contractIdentification: optionalText(rate, 'contractIdentification'),
                  exchangeRate: optionalText(rate, 'exchangeRate'),
                  quotationDate: optionalText(rate, 'quotationDate'),
                  sourceCurrency: optionalText(rate, 'sourceCurrency'),
                  targetCurrency: optionalText(rate, 'targetCurrency'),
                  unitCurrency: optionalText(rate, 'unitCurrency'),
                }),
              ),
        debtorAccount: reference(entry['debtorAccount']),
        debtorName: optionalText(entry, 'debtorName'),
        endToEndId: optionalText(entry, 'endToEndId'),
        entryReference: optionalText(entry, 'entryReference'),
        mandateId: optionalText(entry, 'mandateId'),
        purposeCode: purpose !== undefined && INTERFACE_PURPOSE_CODES.has(purpose) ? purpose : undefined,
        remittanceInformationStructured: structuredText,
        ultimateCreditor: optionalText(entry, 'ultimateCreditor'),
        ultimateDebtor: optionalText(entry, 'ultimateDebtor'),
        valueDate: optionalText(entry, 'valueDate'),
      }),
    },
    metadata: present({
      purposeCode: purpose !== undefined && !INTERFACE_PURPOSE_CODES.has(purpose) ? purpose : undefined,
      bookingDate: optionalText(entry, 'bookingDate'),
      transactionDate: optionalText(entry, 'transactionDate'),
    }),
  });
}
