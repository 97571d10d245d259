import type pg from 'pg';
import { OUTBOX_CHANNEL } from './write-outbox-event.js';

/** How long wake-ups for the relay are gathered before one NOTIFY carries them all. */
const GATHER_MS = 2;

/**
 * Wakes the outbox relay after events were committed by statements that do not NOTIFY
 * themselves (the payment creation statement). A NOTIFY inside a transaction serialises the
 * commits of every notifying transaction (Postgres takes one lock for its notification queue at
 * commit): measured on the benchmark's Postgres, 50 writers commit about 1,800 creation
 * statements a second with the NOTIFY inside and about 7,000 without it. So the creation
 * statement commits without it and this sends one NOTIFY for all the events committed in the
 * last few milliseconds. An event whose wake-up is lost (the process died between the commit
 * and the NOTIFY, or Postgres refused the NOTIFY) is found by the relay's sweep.
 */
class OutboxNudge {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly pool: pg.Pool) {}

  poke(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pool.query({ name: 'outbox-nudge', text: 'SELECT pg_notify($1, $2)', values: [OUTBOX_CHANNEL, ''] }).catch(() => undefined);
    }, GATHER_MS);
    // A pending wake-up never keeps a process from exiting; the sweep covers it.
    this.timer.unref();
  }
}

const nudges = new WeakMap<pg.Pool, OutboxNudge>();

/** Wakes the relay soon (within a few ms, one NOTIFY for many calls) through `pool`. */
export function wakeOutboxRelay(pool: pg.Pool): void {
  let nudge = nudges.get(pool);
  if (nudge === undefined) {
    nudge = new OutboxNudge(pool);
    nudges.set(pool, nudge);
  }
  nudge.poke();
}
