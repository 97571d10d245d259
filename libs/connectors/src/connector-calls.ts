import type { ConnectorHealth } from './capabilities/status-probe.js';
import { BankOperationUnsupportedError, BankUnavailableError } from './bank-errors.js';
import { UnknownBankStatusError } from './bank-status-codes.js';
import type { BankCallContext } from './bank-types.js';
import { MalformedBankResponseError } from './http/bank-json.js';

/** A bank answer outside the standard (shape or status code) is the bank failing: BankUnavailableError. */
export async function guardBankAnswer<T>(ctx: BankCallContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof MalformedBankResponseError || error instanceof UnknownBankStatusError)
      throw new BankUnavailableError(ctx.bankId, undefined, error);
    throw error;
  }
}

/** An operation the bank's protocol does not offer: BankOperationUnsupportedError. */
export function rejectUnsupported<T>(ctx: BankCallContext, operation: string): Promise<T> {
  return Promise.reject(new BankOperationUnsupportedError(ctx.bankId, operation));
}

/** The two probes of a health check: each resolves when that API serves and rejects when it does not. */
export interface HealthProbes {
  readonly pis: () => Promise<unknown>;
  readonly ais: () => Promise<unknown>;
}

/** A probe's outcome; one that throws before returning its promise is DOWN too. */
async function upOrDown(probe: () => Promise<unknown>): Promise<'UP' | 'DOWN'> {
  try {
    await probe();
    return 'UP';
  } catch {
    return 'DOWN';
  }
}

/** Runs both probes at once and times them on the given clock. */
export async function probeHealth(nowMs: () => number, probes: HealthProbes): Promise<ConnectorHealth> {
  const started = nowMs();
  const [pis, ais] = await Promise.all([upOrDown(probes.pis), upOrDown(probes.ais)]);
  return {
    pis,
    ais,
    checkedAt: new Date(nowMs()).toISOString(),
    latencyMs: nowMs() - started,
  };
}
