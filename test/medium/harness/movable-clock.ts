import { OffsetClock } from '#libs/common';

/** The service clock of a medium test: wall time, moved forward by the test (timers, expiries). */
export class MovableClock extends OffsetClock {
  /** Moves the clock `seconds` forward. */
  advance(seconds: number): void {
    this.setOffset(this.offset + Math.round(seconds * 1000));
  }
}
