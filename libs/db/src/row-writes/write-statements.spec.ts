import { describe, expect, it } from 'vitest';
import { defineRowShape } from './row-shape.js';
import { insertWithEventsSql, updateAtVersionSql } from './write-statements.js';
import { eventsJson, timersJson } from './written-alongside.js';

interface Thing {
  readonly id: string;
  readonly memberId: string;
  readonly status: string;
  readonly amount: unknown;
  readonly dueAt: Date | null;
  readonly version: number;
}

const THING = defineRowShape<Thing>({
  table: 'thing',
  columns: [
    { column: 'id', field: 'id', kind: 'plain' },
    { column: 'member_id', field: 'memberId', kind: 'plain' },
    { column: 'status', field: 'status', kind: 'plain' },
    { column: 'amount', field: 'amount', kind: 'decimal' },
    { column: 'due_at', field: 'dueAt', kind: 'timestamp', initial: null },
    { column: 'version', field: 'version', kind: 'plain', initial: 0, alwaysInitial: true },
  ],
});

const squash = (sql: string): string => sql.replace(/\s+/g, ' ').trim();

describe('defineRowShape', () => {
  it('fills initial values, refuses a missing field, and maps a row both ways', () => {
    const thing = THING.fromNew({ id: 't1', memberId: 'm1', status: 'NEW', amount: '1.50', version: 7 });
    expect(thing.version).toBe(0);
    expect(thing.dueAt).toBeNull();
    expect(String(thing.amount)).toBe('1.5');
    expect(() => THING.fromNew({ id: 't1', memberId: 'm1', amount: '1' })).toThrow(/needs status/);
    const at = new Date('2026-11-27T10:00:00.000Z');
    expect(THING.rowObject({ ...thing, dueAt: at })).toEqual({
      id: 't1',
      member_id: 'm1',
      status: 'NEW',
      amount: '1.5',
      due_at: '2026-11-27T10:00:00.000Z',
      version: 0,
    });
    const read = THING.fromRow({ id: 't1', member_id: 'm1', status: 'NEW', amount: '2.0000', due_at: at, version: 3 });
    expect(String(read.amount)).toBe('2');
    expect(read.dueAt).toBe(at);
  });

  it('refuses a shape without id or member_id', () => {
    expect(() =>
      defineRowShape<{ id: string }>({ table: 'x', columns: [{ column: 'id', field: 'id', kind: 'plain' }] }),
    ).toThrow(/needs member_id/);
  });
});

describe('insertWithEventsSql', () => {
  it('inserts the rows from JSON and writes events and timers for the rows written', () => {
    expect(squash(insertWithEventsSql(THING))).toBe(
      squash(`WITH written AS (
        INSERT INTO thing ("id", "member_id", "status", "amount", "due_at", "version")
        SELECT "id", "member_id", "status", "amount", "due_at", "version" FROM json_populate_recordset(NULL::thing, $1::json)
        RETURNING id, member_id
      ), event_rows AS (
        INSERT INTO outbox_event (id, member_id, event_type, body, created_at)
        SELECT e.id, written.member_id, e.event_type, e.body, e.created_at
        FROM ROWS FROM (json_to_recordset($2::json)
          AS (row_id text, id text, event_type text, body text, created_at timestamptz))
          WITH ORDINALITY AS e(row_id, id, event_type, body, created_at, n)
        JOIN written ON written.id = e.row_id
        ORDER BY e.n
        RETURNING id
      ), timer_rows AS (
        INSERT INTO scheduled_job (id, queue, job_name, payload, due_at)
        SELECT t.id, t.queue, t.job_name, t.payload, t.due_at
        FROM json_to_recordset($3::json) AS t(row_id text, id text, queue text, job_name text, payload jsonb, due_at timestamptz)
        JOIN written ON written.id = t.row_id
        ON CONFLICT (id) DO UPDATE SET due_at = EXCLUDED.due_at, payload = EXCLUDED.payload
        RETURNING id
      )
      SELECT id FROM written`),
    );
  });

  it('writes only the rows the guard yields, and runs what goes alongside on them, numbering their parameters after its own', () => {
    const sql = squash(
      insertWithEventsSql(THING, {
        guard: (p) => `SELECT id FROM new_rows WHERE amount <= ${p(0)}::numeric`,
        alongside: [(p) => `UPDATE counter SET n = n + 1 WHERE key = ${p(1)} AND EXISTS (SELECT 1 FROM written)`],
      }),
    );
    expect(sql).toContain(
      'WITH new_rows AS ( SELECT "id", "member_id", "status", "amount", "due_at", "version" FROM json_populate_recordset(NULL::thing, $1::json) ), guard AS ( SELECT id FROM new_rows WHERE amount <= $4::numeric ), written AS (',
    );
    expect(sql).toContain('FROM new_rows WHERE new_rows.id IN (SELECT id FROM guard) RETURNING id, member_id');
    expect(sql).toMatch(
      /, alongside_1 AS \( UPDATE counter SET n = n \+ 1 WHERE key = \$5 AND EXISTS \(SELECT 1 FROM written\) \) SELECT id FROM written$/,
    );
  });
});

describe('insertWithEventsSql with columns from the guard and its own answer', () => {
  it("takes those columns from the guard's row, writes the rows it joins, and answers what `answer` selects", () => {
    const sql = squash(
      insertWithEventsSql(THING, {
        guard: () => `SELECT id, now() AS due_at FROM new_rows FOR UPDATE`,
        fromGuard: ['due_at'],
        answer: () => `SELECT (SELECT count(*) FROM guard)::int AS found`,
      }),
    );
    expect(sql).toContain(
      'SELECT new_rows."id", new_rows."member_id", new_rows."status", new_rows."amount", guard."due_at", new_rows."version" FROM new_rows JOIN guard ON guard.id = new_rows.id RETURNING id, member_id',
    );
    expect(sql).toMatch(/\) SELECT \(SELECT count\(\*\) FROM guard\)::int AS found$/);
  });

  it('refuses columns from a guard it does not have', () => {
    expect(() => insertWithEventsSql(THING, { fromGuard: ['due_at'] })).toThrow(/only a guard/);
  });
});

describe('updateAtVersionSql', () => {
  it('changes the rows still at their status and version, skipping locked ones, with events and timers set or removed', () => {
    const sql = squash(updateAtVersionSql(THING, THING.columnsOf(['status', 'dueAt'])));
    expect(sql).toContain(
      'WITH locked AS ( SELECT r.id FROM thing r JOIN json_populate_recordset(NULL::thing, $2::json) AS expected ON expected.id = r.id WHERE r.id = ANY($1::text[]) AND r.status = expected.status AND r.version = expected.version FOR UPDATE OF r SKIP LOCKED ), written AS (',
    );
    expect(sql).toContain(
      'UPDATE thing r SET "status" = n."status", "due_at" = n."due_at", version = r.version + 1 FROM json_populate_recordset(NULL::thing, $3::json) AS n, locked WHERE r.id = locked.id AND n.id = locked.id RETURNING r.id, r.member_id',
    );
    expect(sql).toContain('ROWS FROM (json_to_recordset($4::json) AS (');
    expect(sql).toContain('json_to_recordset($5::json) AS t(');
    expect(sql).toContain(
      'DELETE FROM scheduled_job j WHERE j.id = ANY(ARRAY( SELECT c.id FROM unnest($6::text[], $7::text[]) AS c(id, row_id) JOIN written ON written.id = c.row_id ))',
    );
    expect(sql).not.toContain('guard');
  });

  it('writes the version the change gives when its columns hold it (several moves in one write)', () => {
    const sql = squash(updateAtVersionSql(THING, THING.columnsOf(['status', 'version'])));
    expect(sql).toContain('UPDATE thing r SET "status" = n."status", "version" = n."version" FROM');
    expect(sql).not.toContain('version = r.version + 1');
  });

  it('answers what `answer` selects instead of the ids written', () => {
    const sql = squash(
      updateAtVersionSql(THING, THING.columnsOf(['status']), {
        answer: (p) => `SELECT (SELECT count(*) FROM written)::int AS n, ${p(0)}::text AS x`,
      }),
    );
    expect(sql).toMatch(/\) SELECT \(SELECT count\(\*\) FROM written\)::int AS n, \$8::text AS x$/);
    expect(sql).not.toContain('SELECT id FROM written');
  });

  it('with a guard, changes only the locked rows it yields; its parameters follow the seven of the update', () => {
    const sql = squash(
      updateAtVersionSql(THING, THING.columnsOf(['status']), {
        guard: (p) => `SELECT id FROM locked WHERE ${p(0)}::boolean`,
      }),
    );
    expect(sql).toContain(
      'FOR UPDATE OF r SKIP LOCKED ), guard AS ( SELECT id FROM locked WHERE $8::boolean ), written AS (',
    );
    expect(sql).toContain('AND n.id = locked.id AND locked.id IN (SELECT id FROM guard) RETURNING');
  });
});

describe('events and timers as JSON', () => {
  it('keys each by its row and keeps an event body byte for byte', () => {
    const createdAt = new Date('2026-11-27T10:00:00.000Z');
    const body = '{"b":1,  "a":"x"}';
    expect(eventsJson([{ rowId: 't1', events: [{ id: 'e1', eventType: 'X', body, createdAt }] }])).toBe(
      `[{"row_id":"t1","id":"e1","event_type":"X","created_at":"2026-11-27T10:00:00.000Z","body":${body}}]`,
    );
    expect(JSON.parse(timersJson([{ rowId: 't1', timer: null }]))).toEqual([]);
    expect(
      JSON.parse(
        timersJson([
          { rowId: 't1', timer: { id: 'j', queue: 'q', jobName: 'n', payload: { a: 1 }, dueAt: createdAt } },
        ]),
      ),
    ).toEqual([
      { row_id: 't1', id: 'j', queue: 'q', job_name: 'n', payload: { a: 1 }, due_at: '2026-11-27T10:00:00.000Z' },
    ]);
  });
});
