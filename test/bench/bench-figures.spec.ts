import { describe, expect, it } from 'vitest';
import { figuresOf } from '../../bench/all/bench-figures.js';

const REFUNDS = `
| run | req/s | p50 ms | p99 ms | p99.9 ms | non-2xx + errors | ratio | target |
|---|---|---|---|---|---|---|---|
| baseline: Fastify + pg INSERT | 1,900 | 20 | 60 | 80 | 0 | 1.00x |  |
| POST /refunds (partial, 1,000 payments) | 480 | 90 | 140 | 200 | 0 | 0.25x of INSERT (rounds: median 0.26x) | >= 0.25x, p99 <= 100 ms: NOT MET |
| GET /refunds/{id} (1,000 refunds) | 2,500 | 15 | 40 | 60 | 0 | 0.95x of SELECT (rounds: median 0.97x) | >= 0.6x: met |
`;

describe('the figures of a bench run', () => {
  it('reads each table row that carries a target and its verdict; baselines and other rows are left out', () => {
    expect(figuresOf(REFUNDS)).toEqual([
      {
        name: 'POST /refunds (partial, 1,000 payments)',
        measured: '0.25x of INSERT, p99 140 ms',
        target: '>= 0.25x, p99 <= 100 ms',
        met: false,
      },
      { name: 'GET /refunds/{id} (1,000 refunds)', measured: '0.95x of SELECT', target: '>= 0.6x', met: true },
    ]);
  });

  it('reads the tables of seven columns and the line of the reconciliation bench', () => {
    const accounts =
      '| GET /accounts/{id}/transactions (page 1 of 100, kept) | 900 | 40 | 300 | 0 | 0.41x | >= 0.5x NOT met |';
    const reconciliation = '  ratio:           0.06x; target >= 5,000 credits/s: met';
    expect(figuresOf(`${accounts}\n${reconciliation}\n`)).toEqual([
      {
        name: 'GET /accounts/{id}/transactions (page 1 of 100, kept)',
        measured: '0.41x',
        target: '>= 0.5x',
        met: false,
      },
      { name: 'settlement reconciliation, one worker', measured: '0.06x', target: '>= 5,000 credits/s', met: true },
    ]);
  });

  it('finds nothing in an output without targets', () => {
    expect(figuresOf('sanity: 200\n| run | req/s |\n|---|---|\n| baseline | 10 |\n')).toEqual([]);
  });
});
