import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextTransferTimer, transferTimerAction, type TransferTimerInput } from './transfer-timer.js';
import { TRANSFER_STATUSES, isBankFinalTransferStatus } from './transfer-status.js';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const at = (ms: number): Date => new Date(NOW.getTime() + ms);
const DAY = 86_400_000;
const base: TransferTimerInput = {
  status: 'PROCESSING',
  now: NOW,
  expiresAt: null,
  pollUntil: at(30 * DAY),
  pollCount: 0,
  scheduleSeconds: [5, 30, 300],
  atBank: true,
  decoupled: false,
};

describe('transfer timers: when the next one fires', () => {
  it('polls a transfer the bank holds on the schedule, the last value repeating', () => {
    expect(nextTransferTimer(base)).toEqual(at(5000));
    expect(nextTransferTimer({ ...base, pollCount: 1 })).toEqual(at(30_000));
    expect(nextTransferTimer({ ...base, pollCount: 7 })).toEqual(at(300_000));
  });

  it('never fires later than the end of the polling period', () => {
    expect(nextTransferTimer({ ...base, pollUntil: at(2000) })).toEqual(at(2000));
  });

  it('waits for a user at the bank until the step expires; a decoupled approval is polled meanwhile', () => {
    const waiting = { ...base, status: 'PENDING_EXTERNAL_AUTHORIZATION', expiresAt: at(900_000) } as const;
    expect(nextTransferTimer(waiting)).toEqual(at(900_000));
    expect(nextTransferTimer({ ...waiting, decoupled: true })).toEqual(at(5000));
    expect(nextTransferTimer({ ...waiting, pollUntil: at(1000) })).toEqual(at(1000));
  });

  it('fires a submission the bank has not answered at its deadline', () => {
    expect(nextTransferTimer({ ...base, atBank: false, expiresAt: at(60_000) })).toEqual(at(60_000));
    expect(nextTransferTimer({ ...base, atBank: false, expiresAt: null })).toEqual(at(5000));
  });

  it("needs no timer once the bank's part is over, for every such status", () => {
    for (const status of TRANSFER_STATUSES)
      expect(nextTransferTimer({ ...base, status }) === null, status).toBe(isBankFinalTransferStatus(status));
  });

  it('never fires before now nor after the polling period (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TRANSFER_STATUSES),
        fc.integer({ min: 0, max: 50 }),
        fc.option(fc.integer({ min: 0, max: 40 * DAY })),
        fc.integer({ min: 0, max: 40 * DAY }),
        fc.boolean(),
        fc.boolean(),
        (status, pollCount, expiresIn, pollFor, atBank, decoupled) => {
          const due = nextTransferTimer({
            ...base,
            status,
            pollCount,
            expiresAt: expiresIn === null ? null : at(expiresIn),
            pollUntil: at(pollFor),
            atBank,
            decoupled,
          });
          if (isBankFinalTransferStatus(status)) return due === null;
          return due !== null && due.getTime() >= NOW.getTime() && due.getTime() <= at(pollFor).getTime();
        },
      ),
    );
  });
});

describe('transfer timers: what a fired one does', () => {
  const fired = { ...base, expiresAt: at(-1) };

  it('gives up (INITIATED) past the polling period, whatever the status', () => {
    for (const status of ['PROCESSING', 'PENDING', 'PENDING_EXTERNAL_AUTHORIZATION'] as const)
      expect(transferTimerAction({ ...base, status, pollUntil: NOW })).toEqual({ kind: 'give-up' });
  });

  it('expires a user who did not authorise in time; waits or polls before then', () => {
    const waiting = { ...base, status: 'PENDING_EXTERNAL_AUTHORIZATION' } as const;
    expect(transferTimerAction({ ...waiting, expiresAt: NOW })).toEqual({ kind: 'expire' });
    expect(transferTimerAction({ ...waiting, expiresAt: at(1) })).toEqual({ kind: 'wait' });
    expect(transferTimerAction({ ...waiting, expiresAt: at(1), decoupled: true })).toEqual({ kind: 'poll' });
    expect(transferTimerAction({ ...waiting, expiresAt: null })).toEqual({ kind: 'wait' });
  });

  it('waits while the outcome of the submission is unknown, past its window and the polling period too', () => {
    const unknown = { ...fired, status: 'PROCESSING', atBank: false, outcomeUnknown: true } as const;
    expect(transferTimerAction(unknown)).toEqual({ kind: 'wait' });
    expect(transferTimerAction({ ...unknown, pollUntil: NOW })).toEqual({ kind: 'wait' });
  });

  it('declares a submission lost once its deadline passed without a bank answer', () => {
    expect(transferTimerAction({ ...fired, atBank: false })).toEqual({ kind: 'submission-lost' });
    expect(transferTimerAction({ ...base, atBank: false, expiresAt: at(1) })).toEqual({ kind: 'wait' });
  });

  it('polls a transfer the bank holds', () => {
    expect(transferTimerAction(base)).toEqual({ kind: 'poll' });
    expect(transferTimerAction({ ...fired, status: 'PENDING' })).toEqual({ kind: 'poll' });
  });
});
