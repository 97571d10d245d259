import { describe, expect, it } from 'vitest';
import { TRANSFER_STATUSES, transferStatusMachine } from '../transfers/transfer-status.js';
import { decideCredit } from './credit-matching.js';
import { opensTransferSettlement, transferSettlementMoves, transferSettlementStanding } from './transfer-settlement.js';

const credit = { amount: '10.00', currency: 'EUR' };
const candidate = (status: (typeof TRANSFER_STATUSES)[number], amount = '10.00') => ({
  id: 't:1',
  status: transferSettlementStanding(status),
  amount,
  currency: 'EUR',
  createdAt: new Date(0),
});

describe('transfers in the settlement rules', () => {
  it('a credit of the same amount settles a transfer awaiting settlement, through SETTLEMENT_IN_PROGRESS from SUCCESS', () => {
    const fromSuccess = decideCredit(credit, [candidate('SUCCESS')]);
    expect(fromSuccess).toMatchObject({ kind: 'settle', paymentId: 't:1' });
    if (fromSuccess.kind !== 'settle') throw new Error('settles');
    expect(transferSettlementMoves('SUCCESS', fromSuccess.moves)).toEqual([
      'SETTLEMENT_IN_PROGRESS',
      'SETTLEMENT_COMPLETED',
    ]);
    const inProgress = decideCredit(credit, [candidate('SETTLEMENT_IN_PROGRESS')]);
    if (inProgress.kind !== 'settle') throw new Error('settles');
    expect(transferSettlementMoves('SETTLEMENT_IN_PROGRESS', inProgress.moves)).toEqual(['SETTLEMENT_COMPLETED']);
  });

  it('another amount is booked against the transfer, which stays (or moves) SETTLEMENT_IN_PROGRESS', () => {
    const decision = decideCredit(credit, [candidate('SUCCESS', '12.00')]);
    expect(decision).toMatchObject({ kind: 'link' });
    if (decision.kind !== 'link') throw new Error('link');
    expect(transferSettlementMoves('SUCCESS', decision.moves)).toEqual(['SETTLEMENT_IN_PROGRESS']);
  });

  it('a credit waits for a transfer before the bank final status and passes over final ones', () => {
    for (const status of ['PENDING', 'PENDING_EXTERNAL_AUTHORIZATION', 'PROCESSING'] as const)
      expect(decideCredit(credit, [candidate(status)]).kind).toBe('defer');
    for (const status of TRANSFER_STATUSES.filter((s) => transferStatusMachine.isFinal(s)))
      expect(decideCredit(credit, [candidate(status)]).kind).toBe('unmatched');
  });

  it('every transfer status stands for one payment status, and settlement moves follow the transfer machine', () => {
    for (const status of TRANSFER_STATUSES) expect(transferSettlementStanding(status)).toBeTypeOf('string');
    expect(transferSettlementMoves('SETTLEMENT_COMPLETED', ['SETTLEMENT_INCOMPLETE'])).toBeNull();
    expect(transferSettlementMoves('PROCESSING', ['INITIATION_COMPLETED'])).toBeNull();
  });

  it('only a SUCCESS to a settlement account opens a window', () => {
    expect(opensTransferSettlement({ status: 'SUCCESS', virtualAccountId: 'pa:1' })).toBe(true);
    expect(opensTransferSettlement({ status: 'SUCCESS', virtualAccountId: null })).toBe(false);
    expect(opensTransferSettlement({ status: 'PROCESSING', virtualAccountId: 'pa:1' })).toBe(false);
  });
});
