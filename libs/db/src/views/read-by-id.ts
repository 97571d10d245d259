import type pg from 'pg';
import { batchedPerPool } from '#libs/postgres';

/**
 * The one read by id of the member-facing resources: a declaration per resource (its table, the
 * columns its view shows under their fields, the column that scopes a row to its member) gives
 * a named prepared statement on the pool Prisma shares, several reads to a statement under load
 * (reads that arrive while others run share the next one, as `batchedPerPool` batches writes).
 * A read answers only the declared columns, as pg reads them: jsonb parsed, timestamps as Date,
 * numeric as its decimal text (no Prisma Decimal on the way); never another member's row.
 */
export interface ReadByIdDeclaration<V> {
  /** The prepared statement's name (one per process: the declaration's resource). */
  readonly name: string;
  readonly table: string;
  /** Each field of the view and the column it reads. */
  readonly columns: { readonly [F in keyof V]-?: string };
  /** The column of the member that owns a row: every read is scoped by it. */
  readonly memberColumn: string;
  /** A further condition on the row (`t` is the table), fixed SQL without parameters: e.g. opened accounts only. */
  readonly where?: string;
  /** Fields whose value is checked as read (a status, against its domain's list; see StatusColumn). */
  readonly parsed?: { readonly [F in keyof V]?: (value: unknown) => V[F] };
}

/** Reads of one resource: the member's row `id` as its view, or null (unknown, or another member's). */
export type ReadById<V> = (pool: pg.Pool, memberId: string, id: string) => Promise<V | null>;

interface Wanted {
  readonly memberId: string;
  readonly id: string;
}

/** Reads of a kind in flight at once per pool, and reads per statement (as the payments' reads). */
const BATCHING = { maxInFlight: 4, maxBatch: 128 } as const;

/** The SQL of a declaration: one row per wanted (id, member) pair that finds its row, led by the pair's position. */
export function readByIdSql<V>(declaration: ReadByIdDeclaration<V>): string {
  const columns = Object.values<string>(declaration.columns).map((column) => `t."${column}"`);
  const extra = declaration.where === undefined ? '' : ` AND (${declaration.where})`;
  return `SELECT wanted.n::int, ${columns.join(', ')}
  FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS wanted(id, member_id, n)
  JOIN "${declaration.table}" t ON t."id" = wanted.id AND t."${declaration.memberColumn}" = wanted.member_id${extra}`;
}

/** The batched read a declaration describes. */
export function readById<V>(declaration: ReadByIdDeclaration<V>): ReadById<V> {
  const fields = Object.keys(declaration.columns);
  const parsers = fields.map(
    (field) => (declaration.parsed as Readonly<Record<string, (value: unknown) => unknown>> | undefined)?.[field],
  );
  const text = readByIdSql(declaration);
  const readMany = async (pool: pg.Pool, wanted: readonly Wanted[]): Promise<ReadonlyArray<V | null>> => {
    const result = await pool.query<unknown[]>({
      name: declaration.name,
      text,
      values: [wanted.map((w) => w.id), wanted.map((w) => w.memberId)],
      rowMode: 'array',
    });
    const views = new Array<V | null>(wanted.length).fill(null);
    for (const row of result.rows) {
      const view: Record<string, unknown> = {};
      for (let i = 0; i < fields.length; i += 1) {
        const parse = parsers[i];
        view[fields[i]] = parse === undefined ? row[i + 1] : parse(row[i + 1]);
      }
      views[(row[0] as number) - 1] = view as V;
    }
    return views;
  };
  const read = batchedPerPool(readMany, BATCHING);
  return (pool, memberId, id) => read(pool, { memberId, id });
}

/**
 * The pool a repository's views are read on: the client's. A view is what a member is shown,
 * read outside any transaction; a repository bound to one (`in(tx)`) has no view to read.
 */
export function viewPool(db: object): pg.Pool {
  // A transaction has no `$disconnect` (see Repository); it may still reach the client's pool.
  if (!('$disconnect' in db) || !('pool' in db))
    throw new Error('a view is read on the shared pool, not in a transaction');
  return db.pool as pg.Pool;
}
