/**
 * Group commit for one kind of write: callers that arrive while earlier statements of the same
 * kind are in flight go to Postgres together, as one statement (one round trip, one
 * transaction, one WAL flush) instead of one each.
 *
 * - Nothing waits for a timer. A caller that finds fewer than `maxInFlight` statements running
 *   is sent at once (with whoever joined in the same tick), so a lone request pays no latency;
 *   under load the queue fills while statements run and each one carries up to `maxBatch`
 *   items.
 * - Every item of a batch shares its outcome: the statement commits all of them or none. When a
 *   batch fails, each of its items is run again on its own, so one bad item (a clashing key, a
 *   broken foreign key) fails alone and the others commit. Items must therefore be safe to
 *   re-run after a failed statement: their ids are fixed before the first attempt, so a
 *   statement that committed without the caller hearing of it answers a duplicate key on the
 *   second, never a second row.
 */
export interface StatementBatcherOptions {
  /** Statements of this kind running at once (each holds one pool connection meanwhile). */
  readonly maxInFlight: number;
  /** Items in one statement at most. */
  readonly maxBatch: number;
}

/** Runs items as one statement; answers one result per item, in the items' order. */
export type BatchStatement<I, O> = (items: readonly I[]) => Promise<readonly O[]>;

interface Waiting<I, O> {
  readonly item: I;
  readonly resolve: (result: O) => void;
  readonly reject: (error: unknown) => void;
}

export class StatementBatcher<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  private flushQueued = false;

  constructor(
    private readonly statement: BatchStatement<I, O>,
    private readonly options: StatementBatcherOptions,
  ) {
    if (!(options.maxInFlight >= 1 && options.maxBatch >= 1))
      throw new Error('StatementBatcher needs maxInFlight >= 1 and maxBatch >= 1');
  }

  /** Statements running now (read by the tests of the in-flight limit). */
  get running(): number {
    return this.inFlight;
  }

  run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Callers of the same tick (one event-loop turn of arriving responses) share a statement.
      if (!this.flushQueued) {
        this.flushQueued = true;
        queueMicrotask(() => {
          this.flushQueued = false;
          this.pump();
        });
      }
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight += 1;
      void this.execute(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  private async execute(batch: readonly Waiting<I, O>[]): Promise<void> {
    let results: readonly O[];
    try {
      results = await this.statement(batch.map((waiting) => waiting.item));
      if (results.length !== batch.length)
        throw new Error(`a batched statement answered ${results.length} results for ${batch.length} items`);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Find the culprit(s): every item again, alone. Their statements run side by side; the
      // in-flight limit applies to batches, and this happens only after a failure.
      await Promise.all(batch.map((waiting) => this.execute([waiting])));
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(results[index]));
  }
}

/**
 * A statement batched separately on each pool it runs on (one StatementBatcher per pool, made on
 * first use): `run(pool, item)` answers the item's result.
 */
export function batchedPerPool<P extends object, I, O>(
  statement: (pool: P, items: readonly I[]) => Promise<readonly O[]>,
  options: StatementBatcherOptions,
): (pool: P, item: I) => Promise<O> {
  const batchers = new WeakMap<P, StatementBatcher<I, O>>();
  return (pool, item) => {
    let batcher = batchers.get(pool);
    if (batcher === undefined) {
      batcher = new StatementBatcher((items) => statement(pool, items), options);
      batchers.set(pool, batcher);
    }
    return batcher.run(item);
  };
}
