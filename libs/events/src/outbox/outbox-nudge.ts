import type pg from 'pg';
import { OUTBOX_CHANNEL } from '#libs/db';

/** The least time between two NOTIFYs from one pool: later wake-ups wait and go together. */
const MIN_INTERVAL_MS = 10;

/**
 * Wakes the outbox relay after events were committed by statements that do not NOTIFY
 * themselves (the payment creation statement). A NOTIFY inside a transaction serialises the
 * commits of every notifying transaction (Postgres takes one lock for its notification queue at
 * commit): measured on the benchmark's Postgres, 50 writers commit about 1,800 creation
 * statements a second with the NOTIFY inside and about 7,000 without it. So the creation
 * statement commits without it and this sends the NOTIFY afterwards: at once when none went in
 * the last MIN_INTERVAL_MS, else one NOTIFY at the end of that interval for every event
 * committed meanwhile (under load, at most a hundred NOTIFYs a second instead of one per
 * statement; the relay, once awake, reads every waiting event anyway). An event whose wake-up
 * is lost (the process died between the commit and the NOTIFY, or Postgres refused the NOTIFY)
 * is found by the relay's sweep.
 */
export class OutboxNudge {
  private timer: NodeJS.Timeout | undefined;
  private lastSentMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  poke(): void {
    if (this.timer !== undefined) return;
    const waitMs = this.lastSentMs + MIN_INTERVAL_MS - this.nowMs();
    if (waitMs <= 0) {
      this.send();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.send();
    }, waitMs);
    // A pending wake-up never keeps a process from exiting; the sweep covers it.
    this.timer.unref();
  }

  private send(): void {
    this.lastSentMs = this.nowMs();
    this.pool
      .query({ name: 'outbox-nudge', text: 'SELECT pg_notify($1, $2)', values: [OUTBOX_CHANNEL, ''] })
      .catch(() => undefined);
  }
}

const nudges = new WeakMap<pg.Pool, OutboxNudge>();

/** Wakes the relay soon (at once, or within MIN_INTERVAL_MS under load; one NOTIFY for many calls) through `pool`. */
export function wakeOutboxRelay(pool: pg.Pool): void {
  let nudge = nudges.get(pool);
  if (nudge === undefined) {
    nudge = new OutboxNudge(pool);
    nudges.set(pool, nudge);
  }
  nudge.poke();
}
