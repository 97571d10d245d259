import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { GatewayError, validateBody } from '#libs/common';
import { checkPayoutInitiation, type FieldProblem, type PayoutInitiationInput } from '#libs/domain';
import { InitiatePayoutRequest, toPayoutInitiationInput } from './initiate-payout.request.js';

type Read = { readonly input: PayoutInitiationInput } | { readonly problems: readonly Pick<FieldProblem, 'path'>[] };

/** A POST /payouts body as the gateway reads it: its shape by the DTO (the pipe's 400), then the payout's rules. */
async function readPayout(body: unknown): Promise<Read> {
  let dto: InitiatePayoutRequest;
  try {
    dto = await validateBody(InitiatePayoutRequest, body);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    expect(error.status).toBe(400);
    return { problems: (error.paths ?? []).map((path) => ({ path })) };
  }
  const input = toPayoutInitiationInput(dto.initiation);
  const problems = checkPayoutInitiation(input);
  return problems.length > 0 ? { problems } : { input };
}

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

function paths(result: Read): string[] {
  return 'problems' in result ? result.problems.map((problem) => problem.path) : [];
}

describe('InitiatePayoutRequest', () => {
  it('reads a sort code payout, normalising the sort code', async () => {
    const result = await readPayout(body({}));
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

  it('accepts the reference’s paymentType PAYOUT (read as the same payout) and refuses any other', async () => {
    const plain = await readPayout(body({}));
    expect(await readPayout(body({ paymentType: 'PAYOUT' }))).toEqual(plain);
    expect(paths(await readPayout(body({ paymentType: 'REFUND' })))).toEqual(['initiation.paymentType']);
  });

  it('reads an IBAN payout with a BIC, upper-cased without spaces', async () => {
    const result = await readPayout(
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

  it('names each missing field', async () => {
    expect(paths(await readPayout({}))).toEqual(['initiation']);
    expect(paths(await readPayout({ initiation: {} }))).toEqual([
      'initiation.description',
      'initiation.refId',
      'initiation.amount',
      'initiation.debtor',
      'initiation.creditor',
    ]);
    expect(paths(await readPayout(body({ debtor: {} })))).toEqual(['initiation.debtor.accountId']);
    expect(paths(await readPayout(body({ creditor: { iban: IBAN } })))).toEqual(['initiation.creditor.name']);
  });

  it('applies the description rule by the creditor’s scheme', async () => {
    expect(paths(await readPayout(body({ description: 'aaaaaa' })))).toEqual(['initiation.description']);
    expect(paths(await readPayout(body({ description: 'a1b2c3d4e5f6g7h8i9j' })))).toEqual(['initiation.description']);
    const iban = body({
      description: 'a1b2c3d4e5f6g7h8i9j',
      creditor: { name: 'Jane Doe', iban: IBAN },
    });
    expect(paths(await readPayout(iban))).toEqual([]);
  });

  it('checks the creditor: IBAN check digits, BIC length, sort code and account number', async () => {
    expect(paths(await readPayout(body({ creditor: { name: 'J', iban: 'DE89370400440532013001' } })))).toEqual([
      'initiation.creditor.iban',
    ]);
    expect(paths(await readPayout(body({ creditor: { name: 'J', iban: IBAN, bic: 'COBADEF' } })))).toEqual([
      'initiation.creditor.bic',
    ]);
    expect(
      paths(await readPayout(body({ creditor: { name: 'J', sortCode: '12345', accountNumber: '12345678' } }))),
    ).toEqual(['initiation.creditor.sortCode']);
    expect(
      paths(await readPayout(body({ creditor: { name: 'J', sortCode: '123456', accountNumber: '1234567' } }))),
    ).toEqual(['initiation.creditor.accountNumber']);
    expect(paths(await readPayout(body({ creditor: { name: 'J', sortCode: '123456' } })))).toEqual([
      'initiation.creditor.accountNumber',
    ]);
    expect(paths(await readPayout(body({ creditor: { name: 'J' } })))).toEqual(['initiation.creditor.iban']);
    expect(
      paths(
        await readPayout(body({ creditor: { name: 'J', iban: IBAN, sortCode: '123456', accountNumber: '12345678' } })),
      ),
    ).toEqual(['initiation.creditor']);
  });

  it('requires an IBAN and an account verification for EUR payouts', async () => {
    const eur = { value: '1.00', currency: 'EUR' };
    expect(paths(await readPayout(body({ amount: eur })))).toEqual([
      'initiation.creditor.iban',
      'initiation.creditor.accountVerificationId',
    ]);
    expect(paths(await readPayout(body({ amount: eur, creditor: { name: 'J', iban: IBAN } })))).toEqual([
      'initiation.creditor.accountVerificationId',
    ]);
  });

  it('checks refId length and the amount', async () => {
    expect(paths(await readPayout(body({ refId: 'x'.repeat(19) })))).toEqual(['initiation.refId']);
    expect(paths(await readPayout(body({ amount: { value: '-1', currency: 'GBP' } })))).toEqual([
      'initiation.amount.value',
    ]);
    expect(paths(await readPayout(body({ amount: { value: '1.001', currency: 'GBP' } })))).toEqual([
      'initiation.amount.value',
    ]);
    expect(paths(await readPayout(body({ amount: { value: '1', currency: 'XXX' } })))).toEqual([
      'initiation.amount.currency',
    ]);
  });
});
