import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { sandboxClockOf } from './sandbox-clock.js';

export interface AdvanceClockCommand {
  readonly seconds: number;
}

export interface AdvancedClock {
  readonly offsetMs: number;
  readonly now: string;
}

/** Sandbox only: moves the service clock (shared by api and worker) forward; refused anywhere else. */
@Injectable()
export class AdvanceClockUseCase {
  constructor(
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: AdvanceClockCommand): Promise<AdvancedClock> {
    const clock = sandboxClockOf(this.clock, this.config);
    if (clock === undefined) {
      throw new GatewayError('PermissionDenied', { message: 'The clock can only be advanced in sandbox.' });
    }
    const offsetMs = await clock.advance(command.seconds);
    return { offsetMs, now: clock.now().toISOString() };
  }
}
