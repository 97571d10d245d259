import { Prisma } from '../generated/prisma/client.js';

/**
 * How a column's value crosses between a row object (as Prisma answers it) and the JSON the
 * statements read: as is, a decimal (Prisma's Decimal, written as decimal text), a timestamp
 * (a Date, written as ISO text).
 */
export type ColumnKind = 'plain' | 'decimal' | 'timestamp';

export interface RowColumn<R> {
  readonly column: string;
  readonly field: keyof R & string;
  readonly kind: ColumnKind;
  /** A new row's value when the creation leaves it out; absent = the creation must give it. */
  readonly initial?: null | number | boolean | string;
  /** A new row always starts at `initial`, whatever the creation gives (a version, a count). */
  readonly alwaysInitial?: boolean;
  /** Checks a plain column's value read or given (a status, against its domain's list; see StatusColumn). */
  readonly parse?: (value: unknown) => unknown;
}

/**
 * One table's columns with their fields, in table order: the one list the statements of its
 * writes are produced from (see insertWithEventsSql and updateAtVersionSql). The table has an
 * `id` (text, its key) and a `member_id` (the owner its events are announced to).
 */
export interface RowShape<R> {
  readonly table: string;
  readonly columns: readonly RowColumn<R>[];
  /** Every column, quoted, in table order. */
  readonly selectList: string;
  /** A row as pg reads it (jsonb parsed, timestamps as Date, numeric as text) -> the object, as Prisma would answer it. */
  fromRow(row: Readonly<Record<string, unknown>>): R;
  /** A new row as the database will hold it: initial values filled in, or an error naming a missing field. */
  fromNew(given: object): R;
  /** The object as its row's JSON object (of `columns`, every column by default). */
  rowObject(value: R, columns?: readonly RowColumn<R>[]): Readonly<Record<string, unknown>>;
  /** The columns of these fields, in table order. */
  columnsOf(fields: readonly (keyof R & string)[]): readonly RowColumn<R>[];
}

function decimalText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return (value as Prisma.Decimal).toFixed();
}

function dateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? new Date(value) : (value as Date);
}

/** Timestamp text as Postgres reads it (a Date's toJSON gives the same text, several times slower). */
function isoOrNull(value: Date | null): string | null {
  return value === null ? null : value.toISOString();
}

export function defineRowShape<R>(shape: {
  readonly table: string;
  readonly columns: readonly RowColumn<R>[];
}): RowShape<R> {
  const { table, columns } = shape;
  for (const required of ['id', 'member_id'])
    if (!columns.some(({ column }) => column === required)) throw new Error(`the shape of ${table} needs ${required}`);
  return {
    table,
    columns,
    selectList: columns.map(({ column }) => `"${column}"`).join(', '),
    fromRow(row) {
      const value: Record<string, unknown> = {};
      for (const { column, field, kind, parse } of columns) {
        const read = row[column];
        value[field] =
          kind === 'decimal' && read !== null && read !== undefined
            ? new Prisma.Decimal(read as string)
            : parse === undefined
              ? read
              : parse(read);
      }
      return value as R;
    },
    fromNew(given) {
      const fields = given as Readonly<Record<string, unknown>>;
      const value: Record<string, unknown> = {};
      for (const { field, kind, initial, alwaysInitial, parse } of columns) {
        const given = alwaysInitial === true ? undefined : fields[field];
        if (given === undefined || given === null) {
          if (initial === undefined) throw new Error(`a new ${table} row needs ${field}`);
          value[field] = kind === 'decimal' && initial !== null ? new Prisma.Decimal(initial as string) : initial;
        } else if (kind === 'decimal') {
          value[field] = new Prisma.Decimal(decimalText(given));
        } else {
          value[field] = kind === 'timestamp' ? dateOrNull(given) : parse === undefined ? given : parse(given);
        }
      }
      return value as R;
    },
    rowObject(value, which = columns) {
      const fields = value as Readonly<Record<string, unknown>>;
      const row: Record<string, unknown> = {};
      for (const { column, field, kind } of which) {
        const given = fields[field];
        row[column] =
          given === null || given === undefined
            ? given
            : kind === 'decimal'
              ? decimalText(given)
              : kind === 'timestamp'
                ? isoOrNull(given as Date)
                : given;
      }
      return row;
    },
    columnsOf(fields) {
      return columns.filter(({ field }) => fields.includes(field));
    },
  };
}
