import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { ScheduledJobRepository } from '#libs/db';
import { wakeReconciliation } from './reconciliation-timer.js';

/**
 * Brings the next reconciliation run forward to now (a hint: see `wakeReconciliation`), as a
 * credit reader does when it booked credits. Nothing to be told.
 */
@Injectable()
export class WakeReconciliationUseCase {
  constructor(
    private readonly timers: ScheduledJobRepository,
    private readonly clock: Clock,
  ) {}

  execute(): Promise<boolean> {
    return wakeReconciliation(this.timers, this.clock.now());
  }
}
