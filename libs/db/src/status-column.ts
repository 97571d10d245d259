/**
 * A status column is plain text in the table; a repository answers it as its domain's status.
 * Each domain's column is read through its `StatusColumn`, made once from the domain machine's
 * status list: a row read is checked once, at the repository's boundary, and a value the
 * machine does not know stops the read with `UnknownStatusError` instead of travelling on as a
 * status nobody handles. Checking does not copy the row.
 */

/** A row whose `status` is its domain's status `S`. */
export type WithStatus<Row extends { readonly status: string }, S extends string> = Row & { status: S };

/** A status column read a value its domain does not know. */
export class UnknownStatusError extends Error {
  constructor(
    readonly domain: string,
    readonly value: unknown,
  ) {
    super(`${domain}: the database holds the unknown status ${JSON.stringify(value)}`);
    this.name = 'UnknownStatusError';
  }
}

export interface StatusColumn<S extends string> {
  /** The domain, as its status machine names it. */
  readonly domain: string;
  /** Whether `value` is one of the domain's statuses. */
  readonly is: (value: unknown) => value is S;
  /** `value` as the domain's status, or UnknownStatusError. */
  readonly parse: (value: unknown) => S;
  /** The row, its status checked. */
  readonly row: <R extends { readonly status: string }>(row: R) => WithStatus<R, S>;
  /** The row, its status checked; null stays null. */
  readonly rowOrNull: <R extends { readonly status: string }>(row: R | null) => WithStatus<R, S> | null;
  /** The rows, each status checked. */
  readonly rows: <R extends { readonly status: string }>(rows: R[]) => WithStatus<R, S>[];
}

/** The status column of the domain whose machine (or list) is `statuses`. */
export function statusColumn<S extends string>(machine: {
  readonly name: string;
  readonly statuses: readonly S[];
}): StatusColumn<S> {
  const known = new Set<string>(machine.statuses);
  const is = (value: unknown): value is S => typeof value === 'string' && known.has(value);
  const hasStatus = <R extends { readonly status: string }>(row: R): row is WithStatus<R, S> => is(row.status);
  const row = <R extends { readonly status: string }>(value: R): WithStatus<R, S> => {
    if (hasStatus(value)) return value;
    throw new UnknownStatusError(machine.name, value.status);
  };
  return {
    domain: machine.name,
    is,
    parse: (value) => {
      if (is(value)) return value;
      throw new UnknownStatusError(machine.name, value);
    },
    row,
    rowOrNull: (value) => (value === null ? null : row(value)),
    rows: (values) => (values.every(hasStatus) ? values : values.map(row)),
  };
}
