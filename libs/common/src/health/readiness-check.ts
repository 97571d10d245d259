/** A dependency the process needs before it can serve (Postgres, Redis, ...). */
export interface ReadinessCheck {
  readonly name: string;
  /** Resolves when the dependency answers; rejects (or times out) otherwise. */
  check(): Promise<void>;
}
