import type { AppConfig, Clock } from '#libs/common';
import { SharedClock } from '#libs/db';

/** The service clock when it can be moved (sandbox, shared by api and worker); undefined anywhere else. */
export function sandboxClockOf(clock: Clock, config: Pick<AppConfig, 'environment'>): SharedClock | undefined {
  return config.environment === 'sandbox' && clock instanceof SharedClock ? clock : undefined;
}
