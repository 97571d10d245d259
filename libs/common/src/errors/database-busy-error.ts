/**
 * No Postgres connection came free within the pool's acquisition timeout. Answered 503
 * UNAVAILABLE with Retry-After (toGatewayError). It carries no `code`: Prisma hands such an error
 * from its driver adapter through as it is, where it would wrap one with a code in its own.
 */
export class DatabaseBusyError extends Error {
  /** Seconds a client is told to wait before retrying. */
  readonly retryAfterSeconds = 1;

  constructor(cause: unknown) {
    super('No database connection came free in time.', { cause });
    this.name = 'DatabaseBusyError';
  }
}
