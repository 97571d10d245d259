import { describe, expect, it } from 'vitest';
import { BankOperationUnsupportedError, BankUnavailableError } from './bank-errors.js';
import { UnknownBankStatusError } from './bank-status-codes.js';
import { guardBankAnswer, probeHealth, rejectUnsupported } from './connector-calls.js';
import { MalformedBankResponseError } from './http/bank-json.js';

const ctx = { bankId: 'bank-1', deadlineMs: 0 };

describe('probeHealth', () => {
  it('is UP for a probe that resolves and DOWN for one that rejects or throws, timed on the clock', async () => {
    let now = 1_000;
    const clock = (): number => (now += 5);
    const health = await probeHealth(clock, {
      pis: () => Promise.resolve('token'),
      ais: () => {
        throw new Error('no answer');
      },
    });
    expect(health).toEqual({ pis: 'UP', ais: 'DOWN', checkedAt: new Date(1_010).toISOString(), latencyMs: 10 });
    expect(
      (await probeHealth(clock, { pis: () => Promise.reject(new Error('down')), ais: () => Promise.resolve() })).pis,
    ).toBe('DOWN');
  });
});

describe('guardBankAnswer', () => {
  it('turns an answer outside the standard into BankUnavailableError and lets other failures through', async () => {
    await expect(guardBankAnswer(ctx, () => Promise.resolve(1))).resolves.toBe(1);
    await expect(
      guardBankAnswer(ctx, () => Promise.reject(new UnknownBankStatusError('payment', 'ODD'))),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    await expect(
      guardBankAnswer(ctx, () => Promise.reject(new MalformedBankResponseError('Data'))),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    const other = new Error('other');
    await expect(guardBankAnswer(ctx, () => Promise.reject(other))).rejects.toBe(other);
  });
});

describe('rejectUnsupported', () => {
  it('rejects with BankOperationUnsupportedError naming the operation', async () => {
    await expect(rejectUnsupported(ctx, 'payouts')).rejects.toThrow(
      new BankOperationUnsupportedError('bank-1', 'payouts'),
    );
  });
});
