import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { GatewayError, validateBody } from '#libs/common';
import { checkVerificationAccount, underPath, type AccountVerificationInput } from '#libs/domain';
import { toAccountVerificationInput, VerifyAccountRequest } from './verify-account.request.js';

/** A POST /account-verifications body as the gateway reads it: the DTO (the pipe's 400), then the use case's identifier rule. */
async function readVerification(
  body: unknown,
): Promise<{ readonly input: AccountVerificationInput } | { readonly paths: readonly string[] }> {
  let dto: VerifyAccountRequest;
  try {
    dto = await validateBody(VerifyAccountRequest, body);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    expect(error.status).toBe(400);
    return { paths: error.paths ?? [] };
  }
  const input = toAccountVerificationInput(dto);
  const problems = underPath('account', checkVerificationAccount(input));
  return problems.length > 0 ? { paths: problems.map((problem) => problem.path) } : { input };
}

async function paths(body: unknown): Promise<readonly string[]> {
  const read = await readVerification(body);
  return 'paths' in read ? read.paths : [];
}

describe('VerifyAccountRequest', () => {
  it('reads an EUR check of an IBAN and a GBP check of a sort code and account number', async () => {
    expect(
      await readVerification({
        account: { name: 'John Doe', iban: 'gb33 bukb 2020 1555 5555 55', currency: 'EUR' },
        virtualAccountId: 'pa:1',
      }),
    ).toEqual({
      input: { name: 'John Doe', currency: 'EUR', iban: 'GB33BUKB20201555555555', virtualAccountId: 'pa:1' },
    });
    expect(
      await readVerification({
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

  it('names each problem', async () => {
    expect(await paths({})).toEqual(['account']);
    expect(await paths({ account: {} })).toEqual(['account.name', 'account.currency', 'account.iban']);
    expect(await paths({ account: { name: 'J', currency: 'USD', iban: 'GB33BUKB20201555555555' } })).toEqual([
      'account.currency',
    ]);
    expect(await paths({ account: { name: 'J', currency: 'EUR', iban: 'GB34BUKB20201555555555' } })).toEqual([
      'account.iban',
    ]);
    expect(
      await paths({ account: { name: 'J', currency: 'EUR', sortCode: '123456', accountNumber: '12345678' } }),
    ).toEqual(['account.iban']);
    expect(
      await paths({ account: { name: 'J', currency: 'GBP', sortCode: '12345', accountNumber: '12345678' } }),
    ).toEqual(['account.sortCode']);
  });

  it('names the account for both an IBAN and a sort code, and an unknown field', async () => {
    expect(
      await paths({
        account: {
          name: 'J',
          currency: 'GBP',
          iban: 'GB33BUKB20201555555555',
          sortCode: '123456',
          accountNumber: '12345678',
        },
      }),
    ).toEqual(['account']);
    expect(await paths({ account: { name: 'J', currency: 'EUR', iban: 'GB33BUKB20201555555555', bic: 'X' } })).toEqual([
      'account.bic',
    ]);
  });

  it('the use case’s rule refuses what the DTO would (a caller without the DTO)', () => {
    expect(underPath('account', checkVerificationAccount({ currency: 'EUR' })).map((p) => p.path)).toEqual([
      'account.iban',
    ]);
  });
});
