import { describe, expect, it } from 'vitest';
import { readRefundInitiation } from './refund-initiation.js';
import { readRefundRegistration } from './refund-registration.js';

const VALID = {
  refId: 'refund-1',
  amount: { value: '5.25', currency: 'GBP' },
  originalPaymentId: 'pm:abc',
  localInstrument: 'FASTER_PAYMENTS',
};

function pathsOf(body: unknown): readonly string[] {
  const read = readRefundInitiation(body);
  return 'problems' in read ? read.problems.map((problem) => problem.path) : [];
}

describe('readRefundInitiation', () => {
  it('reads a minimal initiation (debtor and creditor left to the registration and the payment)', () => {
    expect(readRefundInitiation({ initiation: VALID })).toEqual({ input: VALID });
  });

  it('normalises accounts for the rail', () => {
    const read = readRefundInitiation({
      initiation: {
        ...VALID,
        localInstrument: 'SEPA',
        amount: { value: '1', currency: 'EUR' },
        debtor: { iban: 'de89 3704 0044 0532 0130 00' },
        creditor: { iban: 'DE89370400440532013000', name: ' Payer ' },
      },
    });
    expect('input' in read && read.input.debtor).toEqual({ iban: 'DE89370400440532013000' });
    expect('input' in read && read.input.creditor).toEqual({ iban: 'DE89370400440532013000', name: 'Payer' });
  });

  it.each([
    [{}, 'initiation'],
    [{ initiation: { ...VALID, refId: 'x'.repeat(19) } }, 'initiation.refId'],
    [{ initiation: { ...VALID, refId: undefined } }, 'initiation.refId'],
    [{ initiation: { ...VALID, amount: { value: '1.5x', currency: 'GBP' } } }, 'initiation.amount.value'],
    [{ initiation: { ...VALID, amount: { value: '0', currency: 'GBP' } } }, 'initiation.amount.value'],
    [{ initiation: { ...VALID, amount: { value: 1.5, currency: 'GBP' } } }, 'initiation.amount.value'],
    [{ initiation: { ...VALID, amount: { value: '1.5', currency: 'XXQ' } } }, 'initiation.amount.currency'],
    [{ initiation: { ...VALID, originalPaymentId: '' } }, 'initiation.originalPaymentId'],
    [{ initiation: { ...VALID, localInstrument: 'ELIXIR' } }, 'initiation.localInstrument'],
    [{ initiation: { ...VALID, debtor: { iban: 'DE89370400440532013000' } } }, 'initiation.debtor.iban'],
    [
      { initiation: { ...VALID, creditor: { sortCode: '040004', accountNumber: '1', name: 'A' } } },
      'initiation.creditor.accountNumber',
    ],
    [
      { initiation: { ...VALID, creditor: { sortCode: '040004', accountNumber: '12345678' } } },
      'initiation.creditor.name',
    ],
    [
      { initiation: { ...VALID, localInstrument: 'SEPA', debtor: { sortCode: '040004', accountNumber: '12345678' } } },
      'initiation.debtor.iban',
    ],
  ])('refuses %j naming %s', (body, path) => {
    expect(pathsOf(body)).toContain(path);
  });
});

describe('readRefundRegistration', () => {
  const valid = {
    bankId: 'ob-sandbox-gb',
    debtor: { sortCode: '04-00-04', accountNumber: '12345678', name: 'Merchant' },
    credentials: { grant: 'secret-value' },
  };

  it('reads the bank, the debtor account and the credentials', () => {
    expect(readRefundRegistration(valid)).toEqual({
      input: {
        bankId: 'ob-sandbox-gb',
        debtor: { sortCode: '040004', accountNumber: '12345678', name: 'Merchant' },
        credentials: { grant: 'secret-value' },
      },
    });
  });

  it.each([
    [{ ...valid, bankId: '' }, 'bankId'],
    [{ ...valid, debtor: undefined }, 'debtor'],
    [{ ...valid, debtor: { sortCode: '040004' } }, 'debtor.accountNumber'],
    [{ ...valid, credentials: {} }, 'credentials'],
    [{ ...valid, credentials: { grant: 7 } }, 'credentials.grant'],
  ])('refuses %j naming %s', (body, path) => {
    const read = readRefundRegistration(body);
    expect('problems' in read ? read.problems.map((problem) => problem.path) : []).toContain(path);
  });
});
