import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEDGER_ENTRY_KINDS,
  postEntry,
  reservedOf,
  ZERO_BALANCES,
  type LedgerBalances,
  type LedgerEntryKind,
} from './ledger.js';

interface Entry {
  readonly kind: LedgerEntryKind;
  readonly amount: bigint;
}

/** The balances as sums over the entries, written out kind by kind (the oracle). */
function sums(entries: readonly Entry[]): LedgerBalances {
  const total = (kind: LedgerEntryKind): bigint =>
    entries.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.amount, 0n);
  const booked = total('CREDIT') - total('PAYOUT_DEBIT') - total('REVERSAL');
  return {
    booked,
    cleared: booked,
    available: total('CREDIT') - total('RESERVATION') + total('RELEASE') - total('REVERSAL'),
  };
}

const operation = fc.record({
  kind: fc.constantFrom(...LEDGER_ENTRY_KINDS),
  // Up to 10,000.0000 in 1/10^4 units, zero and negatives included to be refused.
  amount: fc.bigInt({ min: -5n, max: 100_000_000n }),
});

describe('settlement ledger (property)', () => {
  it('balances always equal the sum of the posted entries, and 0 <= available <= cleared', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        let balances = ZERO_BALANCES;
        const posted: Entry[] = [];
        for (const op of operations) {
          const before = balances;
          const result = postEntry(balances, op.kind, op.amount);
          const wouldBe = sums([...posted, op]);
          const allowed = op.amount > 0n && wouldBe.available >= 0n && wouldBe.available <= wouldBe.cleared;
          expect(result.kind).toBe(allowed ? 'posted' : 'refused');
          if (result.kind === 'posted') {
            posted.push(op);
            balances = result.balances;
          } else {
            expect(balances).toBe(before);
          }
          expect(balances).toEqual(sums(posted));
          expect(balances.available >= 0n).toBe(true);
          expect(reservedOf(balances) >= 0n).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('a reservation larger than what is free is refused for funds; one that fits is posted', () => {
    const credited = postEntry(ZERO_BALANCES, 'CREDIT', 10_0000n);
    if (credited.kind !== 'posted') throw new Error('credit refused');
    expect(postEntry(credited.balances, 'RESERVATION', 10_0001n)).toEqual({
      kind: 'refused',
      reason: 'INSUFFICIENT_FUNDS',
    });
    expect(postEntry(credited.balances, 'RESERVATION', 10_0000n)).toEqual({
      kind: 'posted',
      balances: { booked: 10_0000n, cleared: 10_0000n, available: 0n },
    });
  });

  it('releases and debits never exceed what is held', () => {
    const held = { booked: 10_0000n, cleared: 10_0000n, available: 6_0000n };
    expect(postEntry(held, 'RELEASE', 4_0001n)).toEqual({ kind: 'refused', reason: 'EXCEEDS_RESERVED' });
    expect(postEntry(held, 'PAYOUT_DEBIT', 4_0001n)).toEqual({ kind: 'refused', reason: 'EXCEEDS_RESERVED' });
    expect(postEntry(held, 'PAYOUT_DEBIT', 4_0000n)).toEqual({
      kind: 'posted',
      balances: { booked: 6_0000n, cleared: 6_0000n, available: 6_0000n },
    });
    expect(postEntry(held, 'CREDIT', 0n)).toEqual({ kind: 'refused', reason: 'AMOUNT_NOT_POSITIVE' });
  });
});
