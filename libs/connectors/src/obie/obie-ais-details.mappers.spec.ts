import { describe, expect, it } from 'vitest';
import { UnknownBankStatusError } from '../bank-status-codes.js';
import {
  OB_ACCOUNT_STATUSES,
  OB_BALANCE_ROLES,
  OB_CMA9_ACCOUNT_SUBTYPES,
  OB_CMA9_ACCOUNT_TYPES,
  OB_ENTRY_STATUSES,
  OB_STANDING_ORDER_STATUSES,
  accountDetails,
  balanceRole,
  entryStatus,
  frequencyCode,
  standingOrderDetails,
  transactionDetails,
} from './obie-ais-details.mappers.js';

const OB_BALANCE_TYPES = [
  'ClosingAvailable',
  'ClosingBooked',
  'ClosingCleared',
  'Expected',
  'ForwardAvailable',
  'Information',
  'InterimAvailable',
  'InterimBooked',
  'InterimCleared',
  'OpeningAvailable',
  'OpeningBooked',
  'OpeningCleared',
  'PreviouslyClosedBooked',
];

describe('UK Open Banking AIS codes', () => {
  it('every OBBalanceType1Code has a place; interim and closing available/booked fill available/current', () => {
    expect(Object.keys(OB_BALANCE_ROLES).sort()).toEqual([...OB_BALANCE_TYPES].sort());
    for (const type of OB_BALANCE_TYPES)
      expect(balanceRole(type)).toBe(OB_BALANCE_ROLES[type as keyof typeof OB_BALANCE_ROLES]);
    expect([balanceRole('InterimAvailable'), balanceRole('InterimBooked'), balanceRole('Expected')]).toEqual([
      'AVAILABLE',
      'CURRENT',
      'OTHER',
    ]);
    expect(() => balanceRole('Interim')).toThrow(UnknownBankStatusError);
  });

  it('every OBEntryStatus1Code, account type, sub-type, account status and standing-order status', () => {
    expect(Object.keys(OB_ENTRY_STATUSES).map(entryStatus)).toEqual(['BOOKED', 'PENDING', 'REJECTED']);
    expect(() => entryStatus('Settled')).toThrow(UnknownBankStatusError);
    for (const [code, type] of Object.entries(OB_CMA9_ACCOUNT_TYPES))
      expect(accountDetails({ AccountType: code }).providerAccountDetails).toEqual({
        cma9AccountDetails: { accountType: type },
      });
    for (const [code, subtype] of Object.entries(OB_CMA9_ACCOUNT_SUBTYPES))
      expect(accountDetails({ AccountSubType: code }).providerAccountDetails).toEqual({
        cma9AccountDetails: { accountSubtype: subtype },
      });
    for (const [code, status] of Object.entries(OB_ACCOUNT_STATUSES))
      expect(accountDetails({ Status: code }).status).toBe(status);
    for (const [code, status] of Object.entries(OB_STANDING_ORDER_STATUSES))
      expect(standingOrderDetails({ Frequency: 'EvryDay', StandingOrderStatusCode: code }).statusCode).toBe(status);
    expect(() => accountDetails({ AccountType: 'Corporate' })).toThrow(UnknownBankStatusError);
    expect(() => accountDetails({ AccountSubType: 'Isa' })).toThrow(UnknownBankStatusError);
    expect(() => accountDetails({ Status: 'Closed' })).toThrow(UnknownBankStatusError);
    expect(() => standingOrderDetails({ Frequency: 'EvryDay', StandingOrderStatusCode: 'Paused' })).toThrow(
      UnknownBankStatusError,
    );
  });

  it('every form of the Frequency grammar as an ISO 20022 code, or the text where none fits', () => {
    expect(
      [
        'EvryDay',
        'EvryWorkgDay',
        'IntrvlDay:01',
        'IntrvlDay:07',
        'IntrvlDay:15',
        'IntrvlWkDay:01:03',
        'IntrvlWkDay:02:03',
        'WkInMnthDay:02:03',
        'IntrvlMnthDay:01:-01',
        'IntrvlMnthDay:03:15',
        'IntrvlMnthDay:06:01',
        'IntrvlMnthDay:12:01',
        'IntrvlMnthDay:24:01',
        'QtrDay:ENGLISH',
      ].map(frequencyCode),
    ).toEqual([
      'DAIL',
      'DAIL',
      'DAIL',
      'WEEK',
      'IntrvlDay:15',
      'WEEK',
      'IntrvlWkDay:02:03',
      'MNTH',
      'MNTH',
      'QUTR',
      'SEMI',
      'YEAR',
      'IntrvlMnthDay:24:01',
      'QUTR',
    ]);
    expect(() => frequencyCode('Fortnightly')).toThrow(UnknownBankStatusError);
    expect(() => frequencyCode('IntrvlDay:xx')).toThrow(UnknownBankStatusError);
  });
});

describe('UK Open Banking AIS fields, field for field', () => {
  it('an account: BIC, status, Cma9AccountDetails', () => {
    expect(
      accountDetails({
        Status: 'Enabled',
        AccountType: 'Personal',
        AccountSubType: 'CreditCard',
        Description: 'Platinum card',
        Account: [{ SchemeName: 'UK.OBIE.PAN', Identification: '5555', Name: 'Ann Smith' }],
        Servicer: { SchemeName: 'UK.OBIE.BICFI', Identification: 'SBOXGB2L' },
      }),
    ).toEqual({
      bic: 'SBOXGB2L',
      pan: '5555',
      status: 'enabled',
      providerAccountDetails: {
        cma9AccountDetails: {
          accountType: 'PERSONAL_ACCOUNT',
          accountSubtype: 'CREDIT_CARD',
          description: 'Platinum card',
          name: 'Ann Smith',
        },
      },
    });
  });

  it('a transaction: codes, both sides, agents, card and merchant; references as metadata', () => {
    expect(
      transactionDetails({
        TransactionReference: 'REF-1',
        ValueDateTime: '2026-11-01T00:00:00Z',
        BankTransactionCode: { Code: 'ReceivedCreditTransfer', SubCode: 'DomesticCreditTransfer' },
        ProprietaryBankTransactionCode: { Code: 'FPS', Issuer: 'SBOX' },
        CreditorAccount: {
          SchemeName: 'UK.OBIE.SortCodeAccountNumber',
          Identification: '20000012345678',
          Name: 'Shop',
        },
        CreditorAgent: { SchemeName: 'UK.OBIE.BICFI', Identification: 'SHOPGB2L', Name: 'Shop Bank' },
        DebtorAccount: { SchemeName: 'UK.OBIE.IBAN', Identification: 'GB29NWBK60161331926819', Name: 'Ann' },
        DebtorAgent: { SchemeName: 'UK.OBIE.BICFI', Identification: 'NWBKGB2L' },
        CardInstrument: {
          CardSchemeName: 'VISA',
          AuthorisationType: 'ConsumerDevice',
          Name: 'Ann',
          Identification: '1234',
        },
        MerchantDetails: { MerchantName: 'Coffee Co', MerchantCategoryCode: '5814' },
      }),
    ).toEqual({
      bankTransactionCode: {
        domain: { familyCode: 'ReceivedCreditTransfer', subFamilyCode: 'DomesticCreditTransfer' },
        proprietary: { code: 'FPS', issuer: 'SBOX' },
      },
      providerTransactionDetails: {
        cma9ApiTransactionDetails: {
          creditorAccount: {
            accountIdentification: '20000012345678',
            creditorName: 'Shop',
            schemeName: 'UK.OBIE.SortCodeAccountNumber',
          },
          creditorAgent: { identification: 'SHOPGB2L', schemeName: 'UK.OBIE.BICFI', creditorAgentName: 'Shop Bank' },
          debtorAccount: {
            accountIdentification: 'GB29NWBK60161331926819',
            debtorName: 'Ann',
            schemeName: 'UK.OBIE.IBAN',
            cardInstrument: {
              accountIdentification: '1234',
              authorizationType: 'ConsumerDevice',
              cardSchemeName: 'VISA',
              name: 'Ann',
            },
          },
          debtorAgent: { identification: 'NWBKGB2L', schemeName: 'UK.OBIE.BICFI' },
          merchantDetails: { merchantName: 'Coffee Co', merchantCategoryCode: '5814' },
        },
      },
      metadata: { transactionReference: 'REF-1', valueDateTime: '2026-11-01T00:00:00Z' },
    });
  });

  it('a standing order: Cma9StandingOrderDetails', () => {
    expect(
      standingOrderDetails({
        Frequency: 'IntrvlMnthDay:01:01',
        StandingOrderStatusCode: 'Active',
        Reference: 'RENT',
        NumberOfPayments: '12',
        FirstPaymentDateTime: '2026-01-01T00:00:00+00:00',
        FirstPaymentAmount: { Amount: '750.00', Currency: 'GBP' },
        NextPaymentDateTime: '2026-12-01T00:00:00+00:00',
        NextPaymentAmount: { Amount: '750.00', Currency: 'GBP' },
        FinalPaymentDateTime: '2026-12-01T00:00:00+00:00',
        FinalPaymentAmount: { Amount: '750.00', Currency: 'GBP' },
        CreditorAccount: { SchemeName: 'UK.OBIE.SortCodeAccountNumber', Identification: '20000055667788', Name: 'L' },
      }),
    ).toEqual({
      frequencyCode: 'MNTH',
      statusCode: 'ACTIVE',
      createdAt: '2026-01-01T00:00:00+00:00',
      providerStandingOrderDetails: {
        cma9StandingOrderDetails: {
          creditorAccount: { identification: '20000055667788', name: 'L', schemeName: 'UK.OBIE.SortCodeAccountNumber' },
          finalPaymentAmount: { currency: 'GBP', value: '750.00' },
          finalPaymentDateTime: '2026-12-01T00:00:00+00:00',
          firstPaymentAmount: { currency: 'GBP', value: '750.00' },
          firstPaymentDateTime: '2026-01-01T00:00:00+00:00',
          frequency: 'IntrvlMnthDay:01:01',
          nextPaymentAmount: { currency: 'GBP', value: '750.00' },
          nextPaymentDateTime: '2026-12-01T00:00:00+00:00',
          numberOfPayments: 12,
          reference: 'RENT',
        },
      },
    });
  });
});
