import { describe, expect, it } from 'vitest';
import { defineStatusMachine } from '#libs/domain';
import type { Lifecycle } from './lifecycle.js';
import { decideMove, plannedChange, plannedCreation, plannedTimer } from './planned-change.js';

type Status = 'OPEN' | 'WAITING' | 'DONE';
interface Row {
  readonly id: string;
  readonly memberId: string;
  readonly status: Status;
  readonly updatedAt: Date;
}
interface Change {
  readonly status: Status;
  readonly updatedAt: Date;
}

const machine = defineStatusMachine<Status>('toy', { OPEN: ['WAITING', 'DONE'], WAITING: ['DONE'], DONE: [] });

/** A toy aggregate: announced by REFUND_STATUS_CHANGED-shaped events, polled a minute on while open. */
const toy: Lifecycle<Row, Change, Status, { readonly pollMs: number }> = {
  name: 'toy',
  machine,
  statusOf: (row) => row.status,
  proposedStatusOf: (change) => change.status,
  idOf: (row) => row.id,
  update: () => Promise.reject(new Error('not used by the plan')),
  events: (after, before) => [
    {
      memberId: after.memberId,
      type: 'SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED',
      payload: { payerAccountId: after.id, settlementRuleId: before?.status ?? 'NEW', reasonOfFailure: after.status },
      createdAt: after.updatedAt,
    },
  ],
  timer: (row, now, { pollMs }) =>
    machine.isFinal(row.status)
      ? null
      : {
          id: `toy:${row.id}`,
          queue: 'toys',
          payload: { name: 'payouts.poll', payoutId: row.id },
          dueAt: new Date(now.getTime() + pollMs),
        },
  timerId: (id) => `toy:${id}`,
};

const now = new Date('2026-11-27T12:00:00.000Z');
const row = (status: Status): Row => ({ id: 't1', memberId: 'm:1', status, updatedAt: now });

describe('plannedChange: what a move writes, from the declaration', () => {
  it('refuses what the machine refuses: a final status (even staying) and a move the table lacks', () => {
    expect(plannedChange(toy, row('DONE'), row('DONE'), now, { pollMs: 1000 })).toBe('refused');
    expect(plannedChange(toy, row('DONE'), row('OPEN'), now, { pollMs: 1000 })).toBe('refused');
    expect(plannedChange(toy, row('WAITING'), row('OPEN'), now, { pollMs: 1000 })).toBe('refused');
    expect(decideMove(toy, row('WAITING'), { status: 'OPEN', updatedAt: now })).toBe('refuse');
  });

  it('a stay writes no event and keeps the timer for the state', () => {
    const planned = plannedChange(toy, row('OPEN'), row('OPEN'), now, { pollMs: 5000 });
    expect(planned).toEqual({
      statusChanged: false,
      events: [],
      timer: {
        set: {
          id: 'toy:t1',
          queue: 'toys',
          payload: { name: 'payouts.poll', payoutId: 't1' },
          dueAt: new Date(now.getTime() + 5000),
        },
      },
    });
  });

  it('a move writes the declared events, prepared with their id and exact body, and sets the next timer', () => {
    const planned = plannedChange(toy, row('OPEN'), row('WAITING'), now, { pollMs: 1000 });
    if (planned === 'refused') throw new Error('refused');
    expect(planned.statusChanged).toBe(true);
    expect(planned.events).toHaveLength(1);
    const [event] = planned.events;
    expect(event?.id).toMatch(/^ev:/);
    expect(event?.memberId).toBe('m:1');
    expect(event?.eventType).toBe('SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED');
    expect(event?.createdAt).toEqual(now);
    const body = JSON.parse(event?.body ?? '{}') as Record<string, unknown>;
    expect(body).toMatchObject({ id: event?.id, createdAtMs: now.getTime() });
    expect(JSON.stringify(body)).toContain('"settlementRuleId":"OPEN"');
    expect(JSON.stringify(body)).toContain('"reasonOfFailure":"WAITING"');
    expect('set' in planned.timer).toBe(true);
  });

  it('a move to a final status clears the timer by its id', () => {
    const planned = plannedChange(toy, row('WAITING'), row('DONE'), now, { pollMs: 1000 });
    if (planned === 'refused') throw new Error('refused');
    expect(planned.timer).toEqual({ clear: 'toy:t1' });
    expect(plannedTimer(toy, row('DONE'), now, { pollMs: 1000 })).toEqual({ clear: 'toy:t1' });
  });

  it("a creation writes the declared events with no row before, and the state's first timer", () => {
    const created = plannedCreation(toy, row('OPEN'), now, { pollMs: 2000 });
    expect(created.events.map((event) => event.eventType)).toEqual(['SETTLEMENT_RULE_PAYOUT_EXECUTION_FAILED']);
    expect(created.events[0]?.body).toContain('"settlementRuleId":"NEW"');
    expect(created.timer?.dueAt).toEqual(new Date(now.getTime() + 2000));
    expect(plannedCreation(toy, row('DONE'), now, { pollMs: 2000 }).timer).toBeNull();
  });
});
