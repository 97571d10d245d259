import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import type { AdvancedClock } from './advance-clock.usecase.js';
import { sandboxClockOf } from './sandbox-clock.js';

/**
 * Sandbox only: the service clock as every process reads it (its stored offset read again), or
 * undefined outside sandbox, where the clock cannot be moved and there is nothing to show.
 */
@Injectable()
export class ReadClockUseCase {
  constructor(
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<AdvancedClock | undefined> {
    const clock = sandboxClockOf(this.clock, this.config);
    if (clock === undefined) return undefined;
    const offsetMs = await clock.refresh();
    return { offsetMs, now: clock.now().toISOString() };
  }
}
