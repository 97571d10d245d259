import { describe, expect, it } from 'vitest';
import type { OutcomeCheck, OutcomeRef, Tx } from '#libs/db';
import type { CallToCheck, OutcomeChecks } from './outcome-checks.js';
import { timerStep, type TimedResource } from './timer-step.js';

const NOW = new Date('2026-12-01T12:00:00Z');
const LATER = new Date('2026-12-02T12:00:00Z');
const tx = {} as Tx;

/** The checks a step opens and finds, and what it does with the timer row. */
function world(open: boolean) {
  const begun: { call: CallToCheck; answerWithinMs: number }[] = [];
  const timer: string[] = [];
  const checks = {
    find: (_ref: OutcomeRef) => Promise.resolve(open ? ({} as OutcomeCheck) : null),
    begin: (_tx: Tx | undefined, call: CallToCheck, answerWithinMs: number) => {
      begun.push({ call, answerWithinMs });
      return Promise.resolve();
    },
  } as unknown as OutcomeChecks;
  const row = {
    remove: () => Promise.resolve(void timer.push('removed')),
    set: () => Promise.resolve(void timer.push('set')),
  };
  return { checks, begun, timer, row };
}

function resource(overrides: Partial<TimedResource> & { bankTransactionId?: string | null } = {}): TimedResource {
  const { bankTransactionId = null, ...rest } = overrides;
  return {
    ref: { kind: 'payout', resourceId: 'po-1' },
    row: { memberId: 'm-1', bankTransactionId, pollUntil: LATER },
    operations: { send: 'payout-send', status: 'payout-status' },
    open: true,
    ...rest,
  };
}

describe('timerStep', () => {
  it('sets the next poll and opens the send’s check before a resource is sent', async () => {
    const w = world(false);
    expect(await timerStep(w.checks, tx, resource(), w.row, NOW, 70_000)).toBe('send');
    expect(w.timer).toEqual(['set']);
    expect(w.begun).toEqual([
      {
        call: { kind: 'payout', resourceId: 'po-1', memberId: 'm-1', operation: 'payout-send' },
        answerWithinMs: 70_000,
      },
    ]);
  });

  it('polls a resource the bank has, opening no check', async () => {
    const w = world(false);
    expect(await timerStep(w.checks, tx, resource({ bankTransactionId: 'b-1' }), w.row, NOW, 70_000)).toBe('poll');
    expect(w.timer).toEqual(['set']);
    expect(w.begun).toEqual([]);
  });

  it('leaves a final resource, or one whose check is open, and removes its timer', async () => {
    const final = world(false);
    expect(await timerStep(final.checks, tx, resource({ open: false }), final.row, NOW, 1)).toBe('none');
    expect(final.timer).toEqual(['removed']);
    const checked = world(true);
    expect(await timerStep(checked.checks, tx, resource(), checked.row, NOW, 1)).toBe('none');
    expect(checked.timer).toEqual(['removed']);
    expect([...final.begun, ...checked.begun]).toEqual([]);
  });

  it('past the polling period hands the resource to a check asked at once, its send or its status', async () => {
    const unsent = world(false);
    expect(await timerStep(unsent.checks, tx, resource(), unsent.row, LATER, 70_000)).toBe('none');
    expect(unsent.begun.map(({ call, answerWithinMs }) => [call.operation, answerWithinMs])).toEqual([
      ['payout-send', 0],
    ]);
    expect(unsent.timer).toEqual(['removed']);
    const sent = world(false);
    await timerStep(sent.checks, tx, resource({ bankTransactionId: 'b-1' }), sent.row, LATER, 70_000);
    expect(sent.begun.map(({ call }) => call.operation)).toEqual(['payout-status']);
  });

  it('an unreachable bank or a resource not to be sent sets the timer and opens no check', async () => {
    const unreachable = world(false);
    expect(await timerStep(unreachable.checks, tx, resource({ reachable: false }), unreachable.row, NOW, 1)).toBe(
      'unreachable',
    );
    const notSendable = world(false);
    expect(await timerStep(notSendable.checks, tx, resource({ sendable: false }), notSendable.row, NOW, 1)).toBe(
      'none',
    );
    expect([...unreachable.timer, ...notSendable.timer]).toEqual(['set', 'set']);
    expect([...unreachable.begun, ...notSendable.begun]).toEqual([]);
  });
});
