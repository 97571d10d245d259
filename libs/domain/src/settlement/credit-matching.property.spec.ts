import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../payments/payment-status.js';
import { decideCredit, decideWindowEnd, type SeenCredit, type SettlementCandidate } from './credit-matching.js';

/*
 * An oracle written apart from the rules, in whole cents: a payment of `amount` takes credits one
 * by one; it is settled by the first credit that is its amount exactly (that credit alone), or
 * the first at which all credits so far, in its currency, add up to its amount (all of them).
 * Until then nothing is final; at the window's end an unsettled payment ends incomplete, naming
 * every credit it saw. Amounts are written with 2 to 4 decimals, so equal money in other texts
 * must compare equal.
 */

interface Credit {
  readonly cents: number;
  readonly currency: 'EUR' | 'GBP';
  readonly decimals: 2 | 3 | 4;
}

function text(cents: number, decimals: 2 | 3 | 4): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `${whole}.${fraction}${'0'.repeat(decimals - 2)}`;
}

type Outcome =
  | { readonly kind: 'settled'; readonly at: number; readonly matched: readonly number[] }
  | { readonly kind: 'incomplete'; readonly seen: readonly number[] };

function oracle(amount: number, credits: readonly Credit[]): Outcome {
  let sum = 0;
  let sameCurrency = true;
  for (const [index, credit] of credits.entries()) {
    if (credit.currency === 'EUR' && credit.cents === amount) return { kind: 'settled', at: index, matched: [index] };
    sum += credit.cents;
    sameCurrency &&= credit.currency === 'EUR';
    if (index > 0 && sameCurrency && sum === amount)
      return { kind: 'settled', at: index, matched: credits.map((_, i) => i).slice(0, index + 1) };
  }
  return { kind: 'incomplete', seen: credits.map((_, i) => i) };
}

const creditArb: fc.Arbitrary<Credit> = fc.record({
  cents: fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.constantFrom(1, 500, 1000, 2500)),
  currency: fc.oneof({ weight: 9, arbitrary: fc.constant('EUR' as const) }, fc.constant('GBP' as const)),
  decimals: fc.constantFrom(2 as const, 3 as const, 4 as const),
});

describe('credit matching against the oracle', () => {
  it('settles where the oracle does, with the credits it names, and never ends a payment before its window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.array(creditArb, { maxLength: 8 }),
        fc.constantFrom<PaymentStatus>('INITIATION_COMPLETED', 'SETTLEMENT_IN_PROGRESS'),
        (amount, credits, start) => {
          const expected = oracle(amount, credits);
          let status: PaymentStatus = start;
          const linked: SeenCredit[] = [];
          const payment = (): SettlementCandidate => ({
            id: 'p',
            status,
            amount: text(amount, 2),
            currency: 'EUR',
            createdAt: new Date(0),
            linked: [...linked],
          });
          for (const [index, credit] of credits.entries()) {
            const seen = { id: `c${index}`, amount: text(credit.cents, credit.decimals), currency: credit.currency };
            const decision = decideCredit(seen, [payment()]);
            if (decision.kind === 'settle') {
              expect(expected).toMatchObject({ kind: 'settled', at: index });
              if (expected.kind !== 'settled') return;
              expect([...decision.withLinked, seen.id].sort()).toEqual(expected.matched.map((i) => `c${i}`).sort());
              expect(decision.moves.at(-1)).toBe('SETTLEMENT_COMPLETED');
              return;
            }
            expect(decision.kind).toBe('link');
            if (decision.kind !== 'link') return;
            expect(decision.moves).toEqual(status === 'INITIATION_COMPLETED' ? ['SETTLEMENT_IN_PROGRESS'] : []);
            status = 'SETTLEMENT_IN_PROGRESS';
            linked.push(seen);
          }
          expect(expected.kind).toBe('incomplete');
          const end = decideWindowEnd(payment(), [], 'no credit');
          expect(end?.kind).toBe('incomplete');
          if (end?.kind !== 'incomplete') return;
          expect(end.moves).toEqual(
            status === 'INITIATION_COMPLETED'
              ? ['SETTLEMENT_IN_PROGRESS', 'SETTLEMENT_INCOMPLETE']
              : ['SETTLEMENT_INCOMPLETE'],
          );
          expect(end.creditIds).toEqual(credits.map((_, i) => `c${i}`));
          expect(end.reason.length).toBeLessThanOrEqual(256);
          if (credits.length === 0) expect(end.reason).toBe('no credit');
          else expect(end.reason).toContain('c0 ');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a small credit sent ahead never keeps the exact credit from settling the payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 100_000 }), fc.integer({ min: 1, max: 99 }), (amount, ahead) => {
        fc.pre(ahead !== amount);
        const first = decideCredit({ amount: text(ahead, 2), currency: 'EUR' }, [
          { id: 'p', status: 'INITIATION_COMPLETED', amount: text(amount, 2), currency: 'EUR', createdAt: new Date(0) },
        ]);
        expect(first).toEqual({ kind: 'link', paymentId: 'p', moves: ['SETTLEMENT_IN_PROGRESS'] });
        const real = decideCredit({ amount: text(amount, 4), currency: 'EUR' }, [
          {
            id: 'p',
            status: 'SETTLEMENT_IN_PROGRESS',
            amount: text(amount, 2),
            currency: 'EUR',
            createdAt: new Date(0),
            linked: [{ id: 'small', amount: text(ahead, 2), currency: 'EUR' }],
          },
        ]);
        expect(real).toEqual({ kind: 'settle', paymentId: 'p', moves: ['SETTLEMENT_COMPLETED'], withLinked: [] });
      }),
    );
  });

  it('at the window end, pending credits of the exact amount or adding up settle; others are named', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.array(creditArb, { maxLength: 4 }),
        fc.array(creditArb, { maxLength: 4 }),
        (amount, before, pending) => {
          const linked = before.map((credit, i) => ({
            id: `l${i}`,
            amount: text(credit.cents, credit.decimals),
            currency: credit.currency,
          }));
          const waiting = pending.map((credit, i) => ({
            id: `w${i}`,
            amount: text(credit.cents, credit.decimals),
            currency: credit.currency,
          }));
          const decision = decideWindowEnd(
            {
              id: 'p',
              status: 'SETTLEMENT_IN_PROGRESS',
              amount: text(amount, 2),
              currency: 'EUR',
              createdAt: new Date(0),
              linked,
            },
            waiting,
            'none',
          );
          const exact = pending.findIndex((credit) => credit.currency === 'EUR' && credit.cents === amount);
          const all = [...before, ...pending];
          const addsUp =
            all.length > 0 &&
            all.every((credit) => credit.currency === 'EUR') &&
            all.reduce((s, c) => s + c.cents, 0) === amount;
          if (exact >= 0) expect(decision).toMatchObject({ kind: 'settle', creditIds: [`w${exact}`] });
          else if (addsUp)
            expect(decision).toMatchObject({ kind: 'settle', creditIds: [...linked, ...waiting].map((c) => c.id) });
          else
            expect(decision).toMatchObject({
              kind: 'incomplete',
              creditIds: [...linked, ...waiting].map((c) => c.id),
            });
        },
      ),
      { numRuns: 500 },
    );
  });
});
