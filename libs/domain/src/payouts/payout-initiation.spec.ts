import { describe, expect, it } from 'vitest';
import { newAccountVerificationId, newPayoutId, readPayoutInitiation } from './payout-initiation.js';

const IBAN = 'DE89370400440532013000';

function body(initiation: Record<string, unknown>): unknown {
  return {
    initiation: {
      description: 'Invoice 2026-001',
      refId: 'po-ref-1',
      amount: { value: '10.50', currency: 'GBP' },
      debtor: { accountId: 'pa:abc' },
      creditor: { name: 'Jane Doe', sortCode: '12-34-56', accountNumber: '12345678' },
      ...initiation,
    },
  };
}

function paths(result: ReturnType<typeof readPayoutInitiation>): string[] {
  return 'problems' in result ? result.problems.map((problem) => problem.path) : [];
}

describe('readPayoutInitiation', () => {
  it('reads a sort code payout, normalising the sort code', () => {
    const result = readPayoutInitiation(body({}));
    expect(result).toEqual({
      input: {
        description: 'Invoice 2026-001',
        refId: 'po-ref-1',
        amount: { value: '10.50', currency: 'GBP' },
        debtor: { accountId: 'pa:abc' },
        creditor: { name: 'Jane Doe', sortCode: '123456', accountNumber: '12345678' },
      },
    });
  });

  it('reads an IBAN payout with a BIC, upper-cased without spaces', () => {
    const result = readPayoutInitiation(
      body({
        amount: { value: '5', currency: 'EUR' },
        creditor: {
          name: 'Jane Doe',
          iban: 'de89 3704 0044 0532 0130 00',
          bic: 'cobadeff',
          accountVerificationId: 'avr-1',
        },
      }),
    );
    expect('input' in result && result.input.creditor).toEqual({
      name: 'Jane Doe',
      iban: IBAN,
      bic: 'COBADEFF',
      accountVerificationId: 'avr-1',
    });
  });

  it('names each missing field', () => {
    expect(paths(readPayoutInitiation({}))).toEqual(['initiation']);
    expect(paths(readPayoutInitiation({ initiation: {} }))).toEqual([
      'initiation.description',
      'initiation.refId',
      'initiation.amount',
      'initiation.debtor',
      'initiation.creditor',
    ]);
    expect(paths(readPayoutInitiation(body({ debtor: {} })))).toEqual(['initiation.debtor.accountId']);
    expect(paths(readPayoutInitiation(body({ creditor: { iban: IBAN } })))).toEqual(['initiation.creditor.name']);
  });

  it('applies the description rule by the creditor’s scheme', () => {
    expect(paths(readPayoutInitiation(body({ description: 'aaaaaa' })))).toEqual(['initiation.description']);
    expect(paths(readPayoutInitiation(body({ description: 'a1b2c3d4e5f6g7h8i9j' })))).toEqual([
      'initiation.description',
    ]);
    const iban = body({
      description: 'a1b2c3d4e5f6g7h8i9j',
      creditor: { name: 'Jane Doe', iban: IBAN },
    });
    expect(paths(readPayoutInitiation(iban))).toEqual([]);
  });

  it('checks the creditor: IBAN check digits, BIC length, sort code and account number', () => {
    expect(paths(readPayoutInitiation(body({ creditor: { name: 'J', iban: 'DE89370400440532013001' } })))).toEqual([
      'initiation.creditor.iban',
    ]);
    expect(paths(readPayoutInitiation(body({ creditor: { name: 'J', iban: IBAN, bic: 'COBADEF' } })))).toEqual([
      'initiation.creditor.bic',
    ]);
    expect(
      paths(readPayoutInitiation(body({ creditor: { name: 'J', sortCode: '12345', accountNumber: '12345678' } }))),
    ).toEqual(['initiation.creditor.sortCode']);
    expect(
      paths(readPayoutInitiation(body({ creditor: { name: 'J', sortCode: '123456', accountNumber: '1234567' } }))),
    ).toEqual(['initiation.creditor.accountNumber']);
    expect(paths(readPayoutInitiation(body({ creditor: { name: 'J', sortCode: '123456' } })))).toEqual([
      'initiation.creditor.accountNumber',
    ]);
    expect(paths(readPayoutInitiation(body({ creditor: { name: 'J' } })))).toEqual(['initiation.creditor.iban']);
    expect(
      paths(
        readPayoutInitiation(
          body({ creditor: { name: 'J', iban: IBAN, sortCode: '123456', accountNumber: '12345678' } }),
        ),
      ),
    ).toEqual(['initiation.creditor']);
  });

  it('requires an IBAN and an account verification for EUR payouts', () => {
    const eur = { value: '1.00', currency: 'EUR' };
    expect(paths(readPayoutInitiation(body({ amount: eur })))).toEqual([
      'initiation.creditor.iban',
      'initiation.creditor.accountVerificationId',
    ]);
    expect(paths(readPayoutInitiation(body({ amount: eur, creditor: { name: 'J', iban: IBAN } })))).toEqual([
      'initiation.creditor.accountVerificationId',
    ]);
  });

  it('checks refId length and the amount', () => {
    expect(paths(readPayoutInitiation(body({ refId: 'x'.repeat(19) })))).toEqual(['initiation.refId']);
    expect(paths(readPayoutInitiation(body({ amount: { value: '-1', currency: 'GBP' } })))).toEqual([
      'initiation.amount.value',
    ]);
    expect(paths(readPayoutInitiation(body({ amount: { value: '1.001', currency: 'GBP' } })))).toEqual([
      'initiation.amount.value',
    ]);
    expect(paths(readPayoutInitiation(body({ amount: { value: '1', currency: 'XXX' } })))).toEqual([
      'initiation.amount.currency',
    ]);
  });
});

describe('ids', () => {
  it('gives payouts po: ids and verifications avr- ULIDs sorted by time', () => {
    expect(newPayoutId()).toMatch(/^po:[1-9A-HJ-NP-Za-km-z]{24}$/);
    const first = newAccountVerificationId(new Date('2026-01-01T00:00:00Z'));
    const later = newAccountVerificationId(new Date('2026-01-01T00:00:01Z'));
    expect(first).toMatch(/^avr-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(first < later).toBe(true);
  });
});
