import { describe, expect, it } from 'vitest';
import { readAccountVerificationRequest } from './account-verification-request.js';

function paths(body: unknown): string[] {
  const read = readAccountVerificationRequest(body);
  return 'problems' in read ? read.problems.map((problem) => problem.path) : [];
}

describe('readAccountVerificationRequest', () => {
  it('reads an EUR check of an IBAN and a GBP check of a sort code and account number', () => {
    expect(
      readAccountVerificationRequest({
        account: { name: 'John Doe', iban: 'gb33 bukb 2020 1555 5555 55', currency: 'EUR' },
        virtualAccountId: 'pa:1',
      }),
    ).toEqual({
      input: { name: 'John Doe', currency: 'EUR', iban: 'GB33BUKB20201555555555', virtualAccountId: 'pa:1' },
    });
    expect(
      readAccountVerificationRequest({
        account: {
          name: 'John Doe',
          accountNumber: '12345678',
          sortCode: '12-34-56',
          currency: 'GBP',
          accountType: 'PERSONAL',
        },
      }),
    ).toEqual({
      input: {
        name: 'John Doe',
        currency: 'GBP',
        sortCode: '123456',
        accountNumber: '12345678',
        accountType: 'PERSONAL',
      },
    });
  });

  it('names each problem', () => {
    expect(paths({})).toEqual(['account']);
    expect(paths({ account: {} })).toEqual(['account.name', 'account.currency', 'account.iban']);
    expect(paths({ account: { name: 'J', currency: 'USD', iban: 'GB33BUKB20201555555555' } })).toEqual([
      'account.currency',
    ]);
    expect(paths({ account: { name: 'J', currency: 'EUR', iban: 'GB34BUKB20201555555555' } })).toEqual([
      'account.iban',
    ]);
    expect(paths({ account: { name: 'J', currency: 'EUR', sortCode: '123456', accountNumber: '12345678' } })).toEqual([
      'account.iban',
    ]);
    expect(paths({ account: { name: 'J', currency: 'GBP', sortCode: '12345', accountNumber: '12345678' } })).toEqual([
      'account.sortCode',
    ]);
  });
});
