import pg from 'pg';
import { DatabaseBusyError } from '#libs/common';

/** pg-pool's error when no connection came free within connectionTimeoutMillis. */
const ACQUIRE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** A connection that did not come free in time as DatabaseBusyError (answered 503); any other error as it is. */
function asBusy(error: unknown): unknown {
  if (!(error instanceof Error) || error.message !== ACQUIRE_TIMEOUT_MESSAGE) return error;
  return new DatabaseBusyError(error);
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The Postgres pool with a bound on the wait for a connection (`connectionTimeoutMillis`): a
 * statement that finds every connection busy for that long fails with DatabaseBusyError (a 503
 * with Retry-After) instead of queueing without end. Prisma (through its driver adapter) and the raw request-path
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
