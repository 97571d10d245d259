import type { PrismaService, Tx } from './prisma.service.js';

/** Where a repository's statements run: the process's client, or a transaction it was bound to. */
export type Db = PrismaService | Tx;

/**
 * The one shape of data access: a class per aggregate, every statement of that aggregate in it.
 * Made once per process on its PrismaService (DbModule provides them); `in(tx)` gives the same
 * repository with its statements in the caller's transaction, so a use case commits changes of
 * several aggregates (and their outbox events) together. Member-facing methods take the
 * `MemberId` first.
 */
export abstract class Repository {
  constructor(protected readonly db: Db) {}

  /** This repository, its statements (caches included) running in `tx`. */
  in(tx: Tx): this {
    const bound = Object.create(this) as this;
    Object.defineProperty(bound, 'db', { value: tx });
    return bound;
  }

  /**
   * Runs `work` in a transaction of its own, or in the caller's when bound to one. `timeoutMs`
   * replaces the client's default limit (5 s) on the transaction's duration, for work that waits
   * for a lock by design.
   */
  protected transaction<T>(work: (tx: Tx) => Promise<T>, options: { readonly timeoutMs?: number } = {}): Promise<T> {
    if (!isClient(this.db)) return work(this.db);
    return options.timeoutMs === undefined
      ? this.db.$transaction(work)
      : this.db.$transaction(work, { timeout: options.timeoutMs, maxWait: options.timeoutMs });
  }
}

/**
 * Whether `db` is the client rather than a transaction. Not `instanceof`: the Prisma client's
 * constructor answers another object than `this`. A transaction has no `$disconnect`.
 */
function isClient(db: Db): db is PrismaService {
  return '$disconnect' in db;
}
