import type { BankCallContext } from '#libs/connectors';
import type { Bank } from '#libs/db';

/** A bank call's context: the bank, a deadline `deadlineMs` from now, and the trace and user's IP when known. */
export function bankCallContext(
  bankId: string,
  deadlineMs: number,
  traceId?: string,
  psuIpAddress?: string,
): BankCallContext {
  return {
    bankId,
    deadlineMs: Date.now() + deadlineMs,
    ...(traceId === undefined ? {} : { traceId }),
    ...(psuIpAddress === undefined ? {} : { psuIpAddress }),
  };
}

/** The seconds between status polls at `bank`: its own schedule from the catalogue, else the default. */
export function pollScheduleOf(bank: Bank | null, defaultSeconds: readonly number[]): readonly number[] {
  return bank !== null && bank.pollingScheduleSeconds.length > 0 ? bank.pollingScheduleSeconds : defaultSeconds;
}
