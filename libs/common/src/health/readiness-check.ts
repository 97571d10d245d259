/** A dependency the process needs before it can serve (Postgres, Redis, ...). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or times out) otherwise. */
  check(): Promise<void>;
}

/**
 * A check's rejection that says why the process is not ready (shown in /readyz's answer); any
 * other rejection is answered as "unreachable", so a driver's error text never reaches the answer.
 */
export class NotReadyError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotReadyError';
  }
}
