import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OutboxNudge } from './outbox-nudge.js';

describe('OutboxNudge', () => {
  let now = 0;
  let sent: number[];
  let nudge: OutboxNudge;

  const advance = (ms: number): void => {
    now += ms;
    vi.advanceTimersByTime(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    now = 1_000;
    sent = [];
    const pool = {
      query: (config: { text: string; values: unknown[] }) => {
        expect(config.text).toBe('SELECT pg_notify($1, $2)');
        sent.push(now);
        return Promise.resolve({ rows: [] });
      },
    };
    nudge = new OutboxNudge(pool as never, () => now);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a lone wake-up at once', () => {
    nudge.poke();
    expect(sent).toEqual([1_000]);
  });

  it('gathers the wake-ups of the next 10 ms into one NOTIFY at the end of the interval', () => {
    nudge.poke();
    advance(1);
    nudge.poke();
    advance(3);
    nudge.poke();
    nudge.poke();
    expect(sent).toEqual([1_000]);
    advance(5);
    expect(sent).toEqual([1_000]);
    advance(1);
    expect(sent).toEqual([1_000, 1_010]);
    advance(50);
    expect(sent).toEqual([1_000, 1_010]);
  });

  it('sends at once again once the interval has passed', () => {
    nudge.poke();
    advance(10);
    nudge.poke();
    advance(25);
    nudge.poke();
    expect(sent).toEqual([1_000, 1_010, 1_035]);
  });

  it('under steady load sends at most one NOTIFY per 10 ms', () => {
    for (let ms = 0; ms < 100; ms += 1) {
      nudge.poke();
      advance(1);
    }
    // At 0, 10, ..., 100 ms: 100 wake-ups, 11 NOTIFYs.
    expect(sent.length).toBe(11);
    for (let i = 1; i < sent.length; i += 1) expect((sent[i] ?? 0) - (sent[i - 1] ?? 0)).toBeGreaterThanOrEqual(10);
  });

  it('a refused NOTIFY is swallowed (the relay sweep finds the event)', async () => {
    let calls = 0;
    const refuse = (): Promise<never> => {
      calls += 1;
      return Promise.reject(new Error('refused'));
    };
    const failing = new OutboxNudge({ query: refuse } as never, () => now);
    failing.poke();
    await Promise.resolve();
    advance(10);
    failing.poke();
    await Promise.resolve();
    // Still sending after a refusal (no unhandled rejection, no stuck timer).
    expect(calls).toBe(2);
  });
});
