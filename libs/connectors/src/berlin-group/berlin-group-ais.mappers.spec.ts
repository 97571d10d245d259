import { describe, expect, it } from 'vitest';
import { MalformedBankResponseError } from '../http/bank-json.js';
import {
  ACCOUNT_TYPES,
  CASH_ACCOUNT_TYPES,
  bankAccount,
  bankBalance,
  bankTransaction,
} from './berlin-group-ais.mappers.js';

describe('accounts', () => {
  it('maps accountDetails to BankAccount', () => {
    expect(
      bankAccount({
        resourceId: 'A1',
        iban: 'DE02120300000000202051',
        bic: 'BYLADEM1001',
        currency: 'EUR',
        name: 'Girokonto',
        product: 'Current',
        cashAccountType: 'CACC',
        ownerName: 'Erika Mustermann',
      }),
    ).toEqual({
      bankAccountId: 'A1',
      name: 'Girokonto',
      currency: 'EUR',
      type: 'CHECKING',
      identifiers: [{ type: 'iban', iban: 'DE02120300000000202051', bic: 'BYLADEM1001' }],
      holderName: 'Erika Mustermann',
    });
    expect(bankAccount({ resourceId: 'A2', bban: '0123', currency: 'SEK', cashAccountType: 'XXXX' })).toMatchObject({
      name: 'Account',
      type: 'OTHER',
      identifiers: [{ type: 'bban', bban: '0123' }],
    });
    expect(() => bankAccount({ iban: 'DE02120300000000202051', currency: 'EUR' })).toThrow(MalformedBankResponseError);
  });

  it('has a gateway type for every cash account type', () => {
    expect(Object.keys(ACCOUNT_TYPES).sort()).toEqual([...CASH_ACCOUNT_TYPES].sort());
    expect([ACCOUNT_TYPES.CACC, ACCOUNT_TYPES.SVGS, ACCOUNT_TYPES.LOAN]).toEqual(['CHECKING', 'SAVINGS', 'LOAN']);
  });
});

describe('balances', () => {
  it('reads the sign as the side and keeps the balance type', () => {
    expect(
      bankBalance(
        {
          balanceType: 'closingBooked',
          balanceAmount: { currency: 'EUR', amount: '-12.30' },
          referenceDate: '2026-11-20',
        },
        'now',
      ),
    ).toEqual({
      type: 'closingBooked',
      amount: { value: '12.30', currency: 'EUR' },
      creditDebit: 'DEBIT',
      dateTime: '2026-11-20T00:00:00Z',
    });
    expect(
      bankBalance(
        {
          balanceType: 'interimAvailable',
          balanceAmount: { currency: 'EUR', amount: '100' },
          lastChangeDateTime: '2026-11-21T10:00:00Z',
        },
        'now',
      ),
    ).toMatchObject({
      creditDebit: 'CREDIT',
      dateTime: '2026-11-21T10:00:00Z',
    });
    expect(() =>
      bankBalance({ balanceType: 'expected', balanceAmount: { currency: 'EUR', amount: '1,00' } }, 'now'),
    ).toThrow(MalformedBankResponseError);
  });
});

describe('transactions', () => {
  it('a debit names the creditor as counterparty, a credit the debtor', () => {
    expect(
      bankTransaction(
        {
          transactionId: 'T1',
          bookingDate: '2026-11-20',
          transactionAmount: { currency: 'EUR', amount: '-25.00' },
          creditorName: 'Shop',
          creditorAccount: { iban: 'DE89370400440532013000' },
          remittanceInformationUnstructured: 'Order 7',
        },
        'BOOKED',
      ),
    ).toEqual({
      bankTransactionId: 'T1',
      amount: { value: '25.00', currency: 'EUR' },
      creditDebit: 'DEBIT',
      status: 'BOOKED',
      bookingDateTime: '2026-11-20T00:00:00Z',
      description: 'Order 7',
      counterparty: { name: 'Shop', identifier: { type: 'iban', iban: 'DE89370400440532013000' } },
    });
    expect(
      bankTransaction(
        {
          entryReference: 'E2',
          valueDate: '2026-11-21',
          transactionAmount: { currency: 'EUR', amount: '5' },
          debtorName: 'Employer',
        },
        'PENDING',
      ),
    ).toMatchObject({
      bankTransactionId: 'E2',
      creditDebit: 'CREDIT',
      status: 'PENDING',
    });
    expect(() =>
      bankTransaction({ transactionId: 'T3', transactionAmount: { currency: 'EUR', amount: '5' } }, 'BOOKED'),
    ).toThrow(MalformedBankResponseError);
  });
});
