import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineStatusMachine, IllegalTransitionError, type TransitionTable } from './status-machine.js';

type Sample = 'CREATED' | 'AUTHORIZING' | 'PENDING' | 'SETTLED' | 'FAILED' | 'CANCELLED';

const SAMPLE: TransitionTable<Sample> = {
  CREATED: ['AUTHORIZING', 'CANCELLED'],
  AUTHORIZING: ['PENDING', 'FAILED', 'CANCELLED'],
  PENDING: ['SETTLED', 'FAILED'],
  SETTLED: [],
  FAILED: [],
  CANCELLED: [],
};

const machine = defineStatusMachine('sample', SAMPLE);
const STATUSES = Object.keys(SAMPLE) as Sample[];

describe('defineStatusMachine', () => {
  it('decides every pair: a final status refuses all, the same status stays, others follow the table', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const expected =
          SAMPLE[from].length === 0 ? 'refuse' : from === to ? 'stay' : SAMPLE[from].includes(to) ? 'move' : 'refuse';
        expect(machine.decide(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it('lists its statuses', () => {
    expect([...machine.statuses].sort()).toEqual([...STATUSES].sort());
    expect(machine.name).toBe('sample');
  });

  it('allows exactly the moves in the table', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES) {
        const allowed = SAMPLE[from].includes(to);
        expect(machine.canMove(from, to), `${from} -> ${to}`).toBe(allowed);
        if (allowed) {
          expect(() => machine.assertTransition(from, to)).not.toThrow();
        } else {
          expect(() => machine.assertTransition(from, to)).toThrow(IllegalTransitionError);
        }
      }
    }
  });

  it('names the machine and both statuses when it refuses a move', () => {
    let caught: unknown;
    try {
      machine.assertTransition('SETTLED', 'PENDING');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IllegalTransitionError);
    const error = caught as IllegalTransitionError<Sample>;
    expect(error).toMatchObject({ machine: 'sample', from: 'SETTLED', to: 'PENDING', name: 'IllegalTransitionError' });
    expect(error.message).toContain('sample');
    expect(error.message).toContain('SETTLED -> PENDING');
  });

  it('does not allow staying in place unless the table says so', () => {
    expect(machine.canMove('PENDING', 'PENDING')).toBe(false);
    const looping = defineStatusMachine<'A' | 'B'>('looping', { A: ['A', 'B'], B: [] });
    expect(looping.canMove('A', 'A')).toBe(true);
  });

  it('treats statuses without onward moves as final', () => {
    expect(STATUSES.filter((s) => machine.isFinal(s)).sort()).toEqual(['CANCELLED', 'FAILED', 'SETTLED']);
  });

  it('rejects a table that names an unknown target, at definition', () => {
    const broken = { A: ['B'], B: ['C'] } as unknown as TransitionTable<'A' | 'B'>;
    expect(() => defineStatusMachine('broken', broken)).toThrow(/broken: B -> C names an unknown status/);
  });

  it('does not take inherited object keys for statuses', () => {
    const sneaky = { A: ['toString'] } as unknown as TransitionTable<'A'>;
    expect(() => defineStatusMachine('sneaky', sneaky)).toThrow(/unknown status/);
  });

  it('final statuses are absorbing, over random sequences of attempted moves', () => {
    const status = fc.constantFrom(...STATUSES);
    fc.assert(
      fc.property(status, fc.array(status, { maxLength: 40 }), (start, attempts) => {
        let current = start;
        let reachedFinal = machine.isFinal(current);
        for (const target of attempts) {
          if (reachedFinal) {
            // once final, every target is refused, the status itself included
            for (const any of STATUSES) {
              expect(() => machine.assertTransition(current, any)).toThrow(IllegalTransitionError);
            }
          }
          try {
            machine.assertTransition(current, target);
            expect(reachedFinal).toBe(false);
            current = target;
          } catch (error) {
            expect(error).toBeInstanceOf(IllegalTransitionError);
            expect(machine.canMove(current, target)).toBe(false);
          }
          if (machine.isFinal(current)) reachedFinal = true;
        }
        return !reachedFinal || machine.isFinal(current);
      }),
      { numRuns: 500 },
    );
  });

  it('for random tables: canMove follows the table and final statuses absorb every attempt', () => {
    const names = ['S0', 'S1', 'S2', 'S3', 'S4', 'S5'] as const;
    type Name = (typeof names)[number];
    const targets = fc.subarray([...names]);
    const table = fc.record(Object.fromEntries(names.map((n) => [n, targets])) as Record<Name, fc.Arbitrary<Name[]>>);
    const name = fc.constantFrom(...names);
    fc.assert(
      fc.property(table, name, fc.array(name, { maxLength: 30 }), (generated, start, attempts) => {
        const random = defineStatusMachine<Name>('random', generated);
        let current = start;
        for (const target of attempts) {
          const wasFinal = random.isFinal(current);
          expect(wasFinal).toBe(generated[current].length === 0);
          expect(random.canMove(current, target)).toBe(generated[current].includes(target));
          if (random.canMove(current, target)) {
            expect(wasFinal).toBe(false);
            random.assertTransition(current, target);
            current = target;
          } else {
            expect(() => random.assertTransition(current, target)).toThrow(IllegalTransitionError);
          }
          if (wasFinal) {
            for (const any of names) expect(random.canMove(current, any)).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
