import { describe, expect, it } from 'vitest';
import { StatementBatcher, batchedPerPool } from './statement-batcher.js';

/** A statement under the test's control: records each call and finishes when told. */
class FakeStatement {
  readonly calls: number[][] = [];
  running = 0;
  maxRunning = 0;
  private readonly pending: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  /** Items whose presence fails the whole statement. */
  readonly poison = new Set<number>();

  readonly run = (items: readonly number[]): Promise<readonly string[]> => {
    this.calls.push([...items]);
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    return new Promise<readonly string[]>((resolve, reject) => {
      const done = (): void => {
        this.running -= 1;
      };
      this.pending.push({
        items: [...items],
        finish: () => {
          done();
          if (items.some((item) => this.poison.has(item))) reject(new Error(`poisoned: ${items.join(',')}`));
          else resolve(items.map((item) => `row ${item}`));
        },
        fail: (error) => {
          done();
          reject(error);
        },
      });
    });
  };

  /** Finishes the oldest running statement and lets its callers (and the next statements) go on. */
  async finishOldest(): Promise<void> {
    this.pending.shift()?.finish();
    await settle();
  }

  async finishAll(): Promise<void> {
    while (this.pending.length > 0) await this.finishOldest();
  }
}

/** Lets queued microtasks and promise callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('StatementBatcher', () => {
  it('sends a lone item at once, alone', async () => {
    const statement = new FakeStatement();
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 64 });
    const answer = batcher.run(1);
    await settle();
    expect(statement.calls).toEqual([[1]]);
    await statement.finishAll();
    await expect(answer).resolves.toBe('row 1');
  });

  it('puts the items of one tick in one statement and answers each its own result', async () => {
    const statement = new FakeStatement();
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 64 });
    const answers = [1, 2, 3, 4].map((item) => batcher.run(item));
    await settle();
    expect(statement.calls).toEqual([[1, 2, 3, 4]]);
    await statement.finishAll();
    expect(await Promise.all(answers)).toEqual(['row 1', 'row 2', 'row 3', 'row 4']);
  });

  it('runs at most maxInFlight statements; what arrives meanwhile waits and goes in one statement', async () => {
    const statement = new FakeStatement();
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 64 });
    const answers: Promise<string>[] = [];
    answers.push(batcher.run(1));
    await settle();
    answers.push(batcher.run(2));
    await settle();
    expect(statement.calls).toEqual([[1], [2]]);
    expect(batcher.running).toBe(2);
    answers.push(...[3, 4, 5].map((item) => batcher.run(item)));
    await settle();
    expect(statement.calls).toHaveLength(2);
    await statement.finishOldest();
    expect(statement.calls).toEqual([[1], [2], [3, 4, 5]]);
    await statement.finishAll();
    expect(await Promise.all(answers)).toEqual(['row 1', 'row 2', 'row 3', 'row 4', 'row 5']);
    expect(statement.maxRunning).toBe(2);
    expect(batcher.running).toBe(0);
  });

  it('never puts more than maxBatch items in one statement', async () => {
    const statement = new FakeStatement();
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 1, maxBatch: 3 });
    const answers = [1, 2, 3, 4, 5, 6, 7].map((item) => batcher.run(item));
    await settle();
    await statement.finishAll();
    expect(statement.calls).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(await Promise.all(answers)).toHaveLength(7);
  });

  it('when a statement fails, runs each of its items alone: the bad one fails, the others succeed', async () => {
    const statement = new FakeStatement();
    statement.poison.add(3);
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 64 });
    const answers = [1, 2, 3, 4].map((item) =>
      batcher.run(item).then(
        (row) => ({ row }),
        (error: Error) => ({ error: error.message }),
      ),
    );
    await settle();
    await statement.finishAll();
    expect(await Promise.all(answers)).toEqual([
      { row: 'row 1' },
      { row: 'row 2' },
      { error: 'poisoned: 3' },
      { row: 'row 4' },
    ]);
    expect(statement.calls).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('a lone item that fails gets its error, not a retry', async () => {
    const statement = new FakeStatement();
    statement.poison.add(9);
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 2, maxBatch: 64 });
    const answer = batcher.run(9);
    await settle();
    await statement.finishAll();
    await expect(answer).rejects.toThrow('poisoned: 9');
    expect(statement.calls).toEqual([[9]]);
  });

  it('refuses a statement that answers the wrong number of results', async () => {
    const batcher = new StatementBatcher<number, string>((items) => Promise.resolve(items.slice(1).map(String)), {
      maxInFlight: 1,
      maxBatch: 64,
    });
    const answers = await Promise.allSettled([batcher.run(1), batcher.run(2)]);
    expect(
      answers.map((answer) => (answer.status === 'rejected' ? (answer.reason as Error).message : 'resolved')),
    ).toEqual([
      'a batched statement answered 0 results for 1 items',
      'a batched statement answered 0 results for 1 items',
    ]);
  });

  it('frees its slot after a failure, so later items still run', async () => {
    const statement = new FakeStatement();
    statement.poison.add(1);
    const batcher = new StatementBatcher(statement.run, { maxInFlight: 1, maxBatch: 64 });
    const failed = batcher.run(1).catch((error: Error) => error.message);
    await settle();
    await statement.finishAll();
    expect(await failed).toBe('poisoned: 1');
    const next = batcher.run(2);
    await settle();
    await statement.finishAll();
    await expect(next).resolves.toBe('row 2');
  });

  it('needs at least one statement in flight and one item per statement', () => {
    expect(() => new StatementBatcher(() => Promise.resolve([]), { maxInFlight: 0, maxBatch: 1 })).toThrow(
      /maxInFlight/,
    );
    expect(() => new StatementBatcher(() => Promise.resolve([]), { maxInFlight: 1, maxBatch: 0 })).toThrow(/maxBatch/);
  });
});

describe('batchedPerPool', () => {
  it('batches each pool on its own: items of one tick on one pool share a statement, another pool gets its own', async () => {
    const calls: Array<{ pool: string; items: number[] }> = [];
    const run = batchedPerPool(
      (pool: { name: string }, items: readonly number[]) => {
        calls.push({ pool: pool.name, items: [...items] });
        return Promise.resolve(items.map((item) => `${pool.name}:${item}`));
      },
      { maxInFlight: 1, maxBatch: 64 },
    );
    const a = { name: 'a' };
    const b = { name: 'b' };
    expect(await Promise.all([run(a, 1), run(b, 2), run(a, 3)])).toEqual(['a:1', 'b:2', 'a:3']);
    expect(calls).toEqual([
      { pool: 'a', items: [1, 3] },
      { pool: 'b', items: [2] },
    ]);
  });
});
