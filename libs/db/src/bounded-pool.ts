import pg from 'pg';
import { GatewayError } from '#libs/common';

/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** Seconds a client is told to wait when every connection stayed busy (Retry-After). */
const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * A connection that did not come free in time, as the request's answer: 503 UNAVAILABLE with
 * Retry-After; any other error as it is.
 */
function asBusy(error: unknown): unknown {
  if (!(error instanceof Error) || error.message !== ACQUIRE_TIMEOUT_MESSAGE) return error;
  return new GatewayError('UNAVAILABLE', {
    message: 'The service is busy; retry shortly.',
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    cause: error,
  });
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The Postgres pool with a bound on the wait for a connection (`connectionTimeoutMillis`): a
 * statement that finds every connection busy for that long fails with a 503 GatewayError
 * instead of queueing without end. Prisma (through its driver adapter) and the raw request-path
 * statements both take their connections here, so both fail the same way.
 */
export class BoundedPool extends pg.Pool {
  constructor(connectionString: string, max: number, acquireTimeoutMs: number) {
    super({ connectionString, max, connectionTimeoutMillis: acquireTimeoutMs });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (callback === undefined)
      return super.connect().catch((error: unknown) => {
        throw asBusy(error);
      });
    super.connect((error, client, done) => callback(asBusy(error) as Error | undefined, client, done));
  }
}
