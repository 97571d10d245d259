import type { BankCallContext } from '../bank-types.js';

export interface ConnectorHealth {
  readonly ais: 'UP' | 'DOWN';
  readonly pis: 'UP' | 'DOWN';
  readonly checkedAt: string;
  readonly latencyMs: number;
}

/**
 * The bank status probe: each API is asked with a call a healthy bank answers normally, so a
 * healthy bank's probe writes no warning. Never throws for a bank that is down: it is DOWN.
 */
export interface BankStatusProbe {
  health(ctx: BankCallContext): Promise<ConnectorHealth>;
}
