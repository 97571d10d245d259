import { Injectable } from '@nestjs/common';
import { BankCallStats, type BankCallSummary } from '../bank-calls/bank-call-stats.js';

/** A bank is slow when its 99th percentile call took longer than this over the window. */
export const SLOW_BANK_P99_MS = 5000;
/** A bank is failing when at least this share of its calls got no answer (5xx, unreachable, timeout). */
export const FAILING_BANK_RATE = 0.2;

export interface ReadBankCallHealthCommand {
  /** The window: the last minutes of wall time, this one included (at most 60). */
  readonly minutes: number;
}

/** A bank's calls over the window, with what an operator should make of them. */
export interface BankCallHealth extends BankCallSummary {
  readonly slow: boolean;
  readonly failing: boolean;
}

/** Every bank's calls from every api and worker process over the last minutes: latency and failures. */
@Injectable()
export class ReadBankCallHealthUseCase {
  constructor(private readonly stats: BankCallStats) {}

  async execute({ minutes }: ReadBankCallHealthCommand): Promise<BankCallHealth[]> {
    const summaries = await this.stats.summaries(Math.min(60, Math.max(1, minutes)));
    return summaries.map((summary) => ({
      ...summary,
      slow: summary.p99Ms === undefined || summary.p99Ms > SLOW_BANK_P99_MS,
      failing: summary.failed / summary.calls >= FAILING_BANK_RATE,
    }));
  }
}
