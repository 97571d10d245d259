import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { GatewayError, validateBody } from '#libs/common';
import { checkRefundInitiation, checkRefundRegistration, type FieldProblem } from '#libs/domain';
import { InitiateRefundRequest, toRefundInitiationInput } from './initiate-refund.request.js';
import { RegisterRefundAccountRequest, toRefundRegistrationInput } from './register-refund-account.request.js';

/**
 * A POST /refunds or POST /refund/registrations body as the gateway reads it: its shape by the
 * DTO (the validation pipe's 400), then the rules the use case applies before any stored data.
 */
async function read<D, I>(
  metatype: new () => D,
  body: unknown,
  toInput: (dto: D) => I,
  check: (input: I) => FieldProblem[],
): Promise<{ readonly input: I } | { readonly paths: readonly string[] }> {
  let dto: D;
  try {
    dto = await validateBody(metatype, body);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    expect(error.status).toBe(400);
    return { paths: error.paths ?? [] };
  }
  const input = toInput(dto);
  const problems = check(input);
  return problems.length > 0 ? { paths: problems.map((problem) => problem.path) } : { input };
}

const readRefund = (body: unknown) =>
  read(InitiateRefundRequest, body, (dto) => toRefundInitiationInput(dto.initiation), checkRefundInitiation);
const readRegistration = (body: unknown) =>
  read(RegisterRefundAccountRequest, body, toRefundRegistrationInput, checkRefundRegistration);

const VALID = {
  refId: 'refund-1',
  amount: { value: '5.25', currency: 'GBP' },
  originalPaymentId: 'pm:abc',
  localInstrument: 'FASTER_PAYMENTS',
};

async function pathsOf(body: unknown): Promise<readonly string[]> {
  const got = await readRefund(body);
  return 'paths' in got ? got.paths : [];
}

describe('InitiateRefundRequest', () => {
  it('reads a minimal initiation (debtor and creditor left to the registration and the payment)', async () => {
    expect(await readRefund({ initiation: VALID })).toEqual({ input: VALID });
  });

  it('accepts the reference’s paymentType REFUND (read as the same refund) and refuses any other', async () => {
    expect(await readRefund({ initiation: { ...VALID, paymentType: 'REFUND' } })).toEqual({ input: VALID });
    expect(await pathsOf({ initiation: { ...VALID, paymentType: 'PAYOUT' } })).toEqual(['initiation.paymentType']);
  });

  it('normalises accounts for the rail', async () => {
    const got = await readRefund({
      initiation: {
        ...VALID,
        localInstrument: 'SEPA',
        amount: { value: '1', currency: 'EUR' },
        debtor: { iban: 'de89 3704 0044 0532 0130 00' },
        creditor: { iban: 'DE89370400440532013000', name: ' Payer ' },
      },
    });
    expect('input' in got && got.input.debtor).toEqual({ iban: 'DE89370400440532013000' });
    expect('input' in got && got.input.creditor).toEqual({ iban: 'DE89370400440532013000', name: 'Payer' });
  });

  it('keeps an address as sent', async () => {
    const address = { townName: 'Paris', lines: ['1 rue de la Paix'] };
    const got = await readRefund({
      initiation: { ...VALID, creditor: { sortCode: '040004', accountNumber: '12345678', name: 'Payer', address } },
    });
    expect('input' in got && got.input.creditor?.address).toEqual(address);
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
    [{ initiation: { ...VALID, creditor: { name: 'A', address: 'Paris' } } }, 'initiation.creditor.address'],
    [{ initiation: { ...VALID, unknown: 1 } }, 'initiation.unknown'],
  ])('refuses %j naming %s', async (body, path) => {
    expect(await pathsOf(body)).toContain(path);
  });
});

describe('RegisterRefundAccountRequest', () => {
  const valid = {
    bankId: 'ob-sandbox-gb',
    debtor: { sortCode: '04-00-04', accountNumber: '12345678', name: 'Merchant' },
    credentials: { grant: 'secret-value' },
  };

  it('reads the bank, the debtor account and the credentials', async () => {
    expect(await readRegistration(valid)).toEqual({
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
    [{ ...valid, credentials: { '9lives': 'x' } }, 'credentials'],
    [
      { ...valid, debtor: { ...valid.debtor, address: { lines: Array.from({ length: 20_000 }, () => 1) } } },
      'debtor.address',
    ],
  ])('refuses %j naming %s', async (body, path) => {
    const got = await readRegistration(body);
    expect('paths' in got ? got.paths : []).toContain(path);
  });
});
