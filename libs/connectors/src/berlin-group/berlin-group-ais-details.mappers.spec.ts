import { describe, expect, it } from 'vitest';
import { UnknownBankStatusError } from '../bank-status-codes.js';
import { CASH_ACCOUNT_TYPES } from './berlin-group-ais.mappers.js';
import {
  XS2A_ACCOUNT_STATUSES,
  XS2A_ACCOUNT_USAGES,
  XS2A_BALANCE_ROLES,
  xs2aAccountDetails,
  xs2aBalanceRole,
  xs2aTransactionDetails,
} from './berlin-group-ais-details.mappers.js';

const BALANCE_TYPES = [
  'closingBooked',
  'expected',
  'authorised',
  'openingBooked',
  'interimAvailable',
  'interimBooked',
  'forwardAvailable',
  'nonInvoiced',
];

describe('Berlin Group AIS codes', () => {
  it('every balanceType has a place; interimAvailable is available, closingBooked and interimBooked current', () => {
    expect(Object.keys(XS2A_BALANCE_ROLES).sort()).toEqual([...BALANCE_TYPES].sort());
    expect(BALANCE_TYPES.map(xs2aBalanceRole)).toEqual([
      'CURRENT',
      'OTHER',
      'OTHER',
      'OTHER',
      'AVAILABLE',
      'CURRENT',
      'OTHER',
      'OTHER',
    ]);
    expect(() => xs2aBalanceRole('closingAvailable')).toThrow(UnknownBankStatusError);
  });

  it('every account status, usage and cash account type; anything else is a typed error', () => {
    for (const status of Object.keys(XS2A_ACCOUNT_STATUSES)) expect(xs2aAccountDetails({ status }).status).toBe(status);
    for (const usage of Object.keys(XS2A_ACCOUNT_USAGES))
      expect(xs2aAccountDetails({ usage }).providerAccountDetails).toEqual({ nextGenPsd2AccountDetails: { usage } });
    for (const cashAccountType of CASH_ACCOUNT_TYPES)
      expect(xs2aAccountDetails({ cashAccountType }).providerAccountDetails).toEqual({
        nextGenPsd2AccountDetails: { cashAccountType },
      });
    expect(() => xs2aAccountDetails({ status: 'closed' })).toThrow(UnknownBankStatusError);
    expect(() => xs2aAccountDetails({ usage: 'CORP' })).toThrow(UnknownBankStatusError);
    expect(() => xs2aAccountDetails({ cashAccountType: 'XXXX' })).toThrow(UnknownBankStatusError);
  });
});

describe('Berlin Group AIS fields, field for field', () => {
  it('an account: BIC, status and NextGenPsd2AccountDetails', () => {
    expect(
      xs2aAccountDetails({
        resourceId: 'A1',
        iban: 'DE02120300000000202051',
        bic: 'SBOXDEFF',
        currency: 'EUR',
        product: 'Girokonto',
        cashAccountType: 'CACC',
        status: 'enabled',
        usage: 'PRIV',
        details: 'Overdraft 500',
        linkedAccounts: 'A0',
      }),
    ).toEqual({
      bic: 'SBOXDEFF',
      status: 'enabled',
      providerAccountDetails: {
        nextGenPsd2AccountDetails: {
          cashAccountType: 'CACC',
          currency: 'EUR',
          details: 'Overdraft 500',
          linkedAccounts: 'A0',
          product: 'Girokonto',
          usage: 'PRIV',
        },
      },
    });
  });

  it('a transaction: the bank transaction code, every NextGenPsd2 field, other purpose codes as metadata', () => {
    const entry = {
      transactionId: 'T1',
      entryReference: 'E1',
      endToEndId: 'INV-7',
      mandateId: 'M1',
      checkId: 'C1',
      creditorId: 'DE98ZZZ09999999999',
      bookingDate: '2026-11-02',
      valueDate: '2026-11-03',
      transactionAmount: { currency: 'EUR', amount: '-10.00' },
      currencyExchange: [{ sourceCurrency: 'USD', exchangeRate: '0.9', unitCurrency: 'USD', targetCurrency: 'EUR' }],
      creditorName: 'Shop',
      creditorAccount: { iban: 'DE89370400440532013000' },
      ultimateCreditor: 'Shop Group',
      debtorName: 'Erika',
      debtorAccount: { iban: 'DE02120300000000202051', currency: 'EUR' },
      ultimateDebtor: 'Erika M',
      remittanceInformationStructured: { reference: 'RF18539007547034' },
      additionalInformation: 'card payment',
      purposeCode: 'SUPP',
      bankTransactionCode: 'PMNT-ICDT-ESCT',
      proprietaryBankTransactionCode: 'SEPA-OUT',
    };
    expect(xs2aTransactionDetails(entry)).toEqual({
      bankTransactionCode: {
        domain: { code: 'PMNT', familyCode: 'ICDT', subFamilyCode: 'ESCT' },
        proprietary: { code: 'SEPA-OUT' },
      },
      providerTransactionDetails: {
        nextGenPsd2TransactionDetails: {
          additionalInformation: 'card payment',
          domain: { code: 'PMNT', familyCode: 'ICDT', subFamilyCode: 'ESCT' },
          checkId: 'C1',
          creditorAccount: { iban: 'DE89370400440532013000' },
          creditorId: 'DE98ZZZ09999999999',
          creditorName: 'Shop',
          currencyExchange: [
            { exchangeRate: '0.9', sourceCurrency: 'USD', targetCurrency: 'EUR', unitCurrency: 'USD' },
          ],
          debtorAccount: { currency: 'EUR', iban: 'DE02120300000000202051' },
          debtorName: 'Erika',
          endToEndId: 'INV-7',
          entryReference: 'E1',
          mandateId: 'M1',
          purposeCode: 'SUPP',
          remittanceInformationStructured: 'RF18539007547034',
          ultimateCreditor: 'Shop Group',
          ultimateDebtor: 'Erika M',
          valueDate: '2026-11-03',
        },
      },
      metadata: { bookingDate: '2026-11-02' },
    });
    expect(xs2aTransactionDetails({ purposeCode: 'GDDS' }).metadata).toEqual({ purposeCode: 'GDDS' });
  });
});
