/** Every piece of time-dependent code reads time from a Clock, never from Date directly. */
export abstract class Clock {
  abstract nowMs(): number;

  now(): Date {
    return new Date(this.nowMs());
  }
}

/** Wall-clock time. */
export class SystemClock extends Clock {
  nowMs(): number {
    return Date.now();
  }
}

/** Wall-clock time plus an offset that only moves forward (sandbox time travel, tests). */
export class OffsetClock extends Clock {
  private offsetMs = 0;

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  setOffset(offsetMs: number): void {
    if (offsetMs > this.offsetMs) this.offsetMs = offsetMs;
  }
}
