import type { BankOutcome } from './bank-types.js';

/** A status code outside the standard's code set for that resource. */
export class UnknownBankStatusError extends Error {
  constructor(
    readonly codeSet: string,
    readonly status: unknown,
  ) {
    super(`Status ${JSON.stringify(status)} is not in ${codeSet}.`);
    this.name = 'UnknownBankStatusError';
  }
}

/**
 * The entry of a table over a complete code set for the code a bank sent; anything else (another
 * string, an inherited property name, a non-string) is an UnknownBankStatusError.
 */
export function lookupStatus<S extends string, V>(
  codeSet: string,
  table: Readonly<Record<S, V>>,
  status: unknown,
): { status: S; value: V } {
  if (isCodeOf(table, status)) return { status, value: table[status] };
  throw new UnknownBankStatusError(codeSet, status);
}

/** Whether `status` is a code of the table (its own key, not an inherited property name). */
function isCodeOf<S extends string>(table: Readonly<Record<S, unknown>>, status: unknown): status is S {
  return typeof status === 'string' && Object.prototype.hasOwnProperty.call(table, status);
}

/** lookupStatus over a table of outcomes. */
export function lookupOutcome<S extends string>(
  codeSet: string,
  table: Readonly<Record<S, BankOutcome>>,
  status: unknown,
): { status: S; outcome: BankOutcome } {
  const { status: code, value } = lookupStatus(codeSet, table, status);
  return { status: code, outcome: value };
}
