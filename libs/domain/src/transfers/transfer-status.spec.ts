import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BankOutcomeName, NextStepKind } from '../shared/bank-outcome.js';
import {
  TRANSFER_STATUSES,
  TRANSFER_TRANSITIONS,
  decideTransferMove,
  isBankFinalTransferStatus,
  isTransferStatus,
  transferStatusFor,
  transferStatusMachine,
  type TransferStatus,
} from './transfer-status.js';

const FINAL: readonly TransferStatus[] = [
  'INITIATED',
  'FAILURE_GENERIC',
  'FAILURE_PERMISSION_DENIED',
  'FAILURE_CANCELED',
  'FAILURE_EXPIRED',
  'FAILURE_INSUFFICIENT_FUNDS',
  'FAILURE_DECLINED',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
];
const OUTCOMES: readonly BankOutcomeName[] = [
  'AWAITING_AUTHORISATION',
  'PENDING',
  'PROCESSING',
  'COMPLETED',
  'REJECTED',
  'REJECTED_INSUFFICIENT_FUNDS',
  'FAILED',
  'DECLINED',
  'CANCELED',
];
const STEPS: readonly NextStepKind[] = ['redirect', 'embedded', 'decoupled', 'none'];

/** The table written out independently of TRANSFER_TRANSITIONS: every allowed (from, to) pair. */
const FAILURES = FINAL.filter((s) => s.startsWith('FAILURE_'));
const SETTLEMENT: readonly TransferStatus[] = [
  'SETTLEMENT_IN_PROGRESS',
  'SETTLEMENT_COMPLETED',
  'SETTLEMENT_INCOMPLETE',
];
const BEFORE_FINAL: readonly TransferStatus[] = ['SUCCESS', 'INITIATED', ...FAILURES, ...SETTLEMENT];
const ALLOWED: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  PENDING: ['PENDING_EXTERNAL_AUTHORIZATION', 'PROCESSING', ...BEFORE_FINAL],
  PENDING_EXTERNAL_AUTHORIZATION: ['PENDING', 'PROCESSING', ...BEFORE_FINAL],
  PROCESSING: BEFORE_FINAL,
  SUCCESS: SETTLEMENT,
  SETTLEMENT_IN_PROGRESS: ['SETTLEMENT_COMPLETED', 'SETTLEMENT_INCOMPLETE'],
  SETTLEMENT_COMPLETED: [],
  SETTLEMENT_INCOMPLETE: [],
  INITIATED: [],
  FAILURE_GENERIC: [],
  FAILURE_PERMISSION_DENIED: [],
  FAILURE_CANCELED: [],
  FAILURE_EXPIRED: [],
  FAILURE_INSUFFICIENT_FUNDS: [],
  FAILURE_DECLINED: [],
};

describe('the Payments v1 transfer status machine', () => {
  it("covers exactly the reference's 14 TransactionStatus values", () => {
    expect(TRANSFER_STATUSES).toHaveLength(14);
    expect(Object.keys(TRANSFER_TRANSITIONS).sort()).toEqual([...TRANSFER_STATUSES].sort());
    for (const status of TRANSFER_STATUSES) expect(isTransferStatus(status)).toBe(true);
    expect(isTransferStatus('FAILURE GENERIC')).toBe(false);
    expect(isTransferStatus('success')).toBe(false);
  });

  it('has exactly the expected final statuses', () => {
    expect(TRANSFER_STATUSES.filter((s) => transferStatusMachine.isFinal(s)).sort()).toEqual([...FINAL].sort());
  });

  it('stops asking the bank once final, SUCCESS or SETTLEMENT_IN_PROGRESS', () => {
    const bankFinal = TRANSFER_STATUSES.filter((s) => isBankFinalTransferStatus(s)).sort();
    expect(bankFinal).toEqual([...FINAL, 'SUCCESS', 'SETTLEMENT_IN_PROGRESS'].sort());
  });

  it('decides every one of the 14x14 pairs: final refuses all, same status stays, others follow the table', () => {
    let pairs = 0;
    for (const from of TRANSFER_STATUSES) {
      for (const to of TRANSFER_STATUSES) {
        pairs += 1;
        const expected = FINAL.includes(from)
          ? 'refuse'
          : from === to
            ? 'stay'
            : ALLOWED[from].includes(to)
              ? 'move'
              : 'refuse';
        expect(decideTransferMove(from, to), `${from} -> ${to}`).toBe(expected);
        expect(transferStatusMachine.canMove(from, to), `${from} -> ${to}`).toBe(ALLOWED[from].includes(to));
      }
    }
    expect(pairs).toBe(196);
  });

  it('never goes back to waiting for the user once the bank holds the payment', () => {
    for (const from of ['PROCESSING', 'SUCCESS', 'SETTLEMENT_IN_PROGRESS'] as const)
      for (const to of ['PENDING', 'PENDING_EXTERNAL_AUTHORIZATION', 'PROCESSING'] as const)
        if (from !== to) expect(decideTransferMove(from, to), `${from} -> ${to}`).toBe('refuse');
  });

  it('maps every bank outcome and next step to a status of the machine', () => {
    for (const outcome of OUTCOMES)
      for (const step of STEPS) expect(TRANSFER_STATUSES).toContain(transferStatusFor(outcome, step));
  });

  it('maps a reading awaiting the user to PENDING_EXTERNAL_AUTHORIZATION, or PENDING without a step', () => {
    expect(transferStatusFor('AWAITING_AUTHORISATION', 'redirect')).toBe('PENDING_EXTERNAL_AUTHORIZATION');
    expect(transferStatusFor('AWAITING_AUTHORISATION', 'embedded')).toBe('PENDING_EXTERNAL_AUTHORIZATION');
    expect(transferStatusFor('AWAITING_AUTHORISATION', 'decoupled')).toBe('PENDING_EXTERNAL_AUTHORIZATION');
    expect(transferStatusFor('AWAITING_AUTHORISATION', 'none')).toBe('PENDING');
  });

  it('maps each outcome after authorising to its status, whatever the step', () => {
    const expected: Readonly<Record<Exclude<BankOutcomeName, 'AWAITING_AUTHORISATION'>, TransferStatus>> = {
      PENDING: 'PROCESSING',
      PROCESSING: 'PROCESSING',
      COMPLETED: 'SUCCESS',
      REJECTED: 'FAILURE_DECLINED',
      REJECTED_INSUFFICIENT_FUNDS: 'FAILURE_INSUFFICIENT_FUNDS',
      FAILED: 'FAILURE_GENERIC',
      DECLINED: 'FAILURE_PERMISSION_DENIED',
      CANCELED: 'FAILURE_CANCELED',
    };
    for (const [outcome, status] of Object.entries(expected))
      for (const step of STEPS)
        expect(transferStatusFor(outcome as BankOutcomeName, step), `${outcome}/${step}`).toBe(status);
  });

  it('never changes a final status, whatever sequence of proposed statuses follows (property)', () => {
    const status = fc.constantFrom(...TRANSFER_STATUSES);
    fc.assert(
      fc.property(status, fc.array(status, { maxLength: 40 }), (start, proposals) => {
        let current = start;
        let reachedFinal: TransferStatus | undefined = FINAL.includes(start) ? start : undefined;
        for (const proposed of proposals) {
          const decision = decideTransferMove(current, proposed);
          if (decision === 'move') current = proposed;
          if (reachedFinal !== undefined) {
            expect(decision).toBe('refuse');
            expect(current).toBe(reachedFinal);
          } else if (FINAL.includes(current)) reachedFinal = current;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never changes a final status when bank readings are applied in any order (property)', () => {
    const reading = fc.tuple(fc.constantFrom(...OUTCOMES), fc.constantFrom(...STEPS));
    fc.assert(
      fc.property(fc.array(reading, { minLength: 1, maxLength: 30 }), (readings) => {
        let current: TransferStatus = 'PROCESSING';
        const history: TransferStatus[] = [current];
        for (const [outcome, step] of readings) {
          if (decideTransferMove(current, transferStatusFor(outcome, step)) === 'move') {
            current = transferStatusFor(outcome, step);
            history.push(current);
          }
        }
        const firstFinal = history.findIndex((s) => FINAL.includes(s));
        if (firstFinal >= 0) expect(history.slice(firstFinal)).toEqual([history[firstFinal]]);
      }),
      { numRuns: 2000 },
    );
  });
});
