import pg from 'pg';
import { freePortOnLoopback } from '../free-port.js';
import { BenchChild } from '../lib/bench-child.js';
import { startBenchServers, type BenchServers } from '../lib/local-servers.js';
import { BASELINE_TABLE_DDL } from './baseline-server.js';

/** The servers under test, each in its own process, and where they listen. */
export interface StackServers {
  readonly api: BenchChild;
  readonly bank: BenchChild;
  readonly baseline: BenchChild;
  readonly apiUrl: string;
  readonly baselineUrl: string;
  readonly adminPort: number;
}

/**
 * One embedded Postgres (with the baseline's table) and one redis-server, then the sandbox bank,
 * the api and the baseline server, each forked from the bench's entry file in its role.
 */
export class BenchStack {
  private readonly children: BenchChild[] = [];

  private constructor(
    private readonly servers: BenchServers,
    readonly db: pg.Client,
    /** Route timing hooks only when a profile is asked for: the headline figures run without them. */
    private readonly timeRoutes: boolean,
  ) {}

  static async open(timeRoutes: boolean): Promise<BenchStack> {
    const servers = await startBenchServers(await freePortOnLoopback(), await freePortOnLoopback());
    const db = new pg.Client({ connectionString: servers.databaseUrl });
    await db.connect();
    await db.query(BASELINE_TABLE_DDL);
    return new BenchStack(servers, db, timeRoutes);
  }

  /** Starts the servers under test (stopped by `stop`, even when this fails half-way). */
  async startServers(entryFile: string, apiWorkers: number): Promise<StackServers> {
    const [bankPort, apiPort, adminPort, baselinePort] = [
      await freePortOnLoopback(),
      await freePortOnLoopback(),
      await freePortOnLoopback(),
      await freePortOnLoopback(),
    ];
    const shared = {
      BENCH_DATABASE_URL: this.servers.databaseUrl,
      BENCH_REDIS_URL: this.servers.redisUrl,
      BENCH_TIME_ROUTES: this.timeRoutes ? '1' : '0',
    };
    const bank = await BenchChild.start('sandbox bank', entryFile, {
      ...shared,
      BENCH_PAYMENTS_ROLE: 'bank',
      BENCH_PORT: String(bankPort),
    });
    this.children.push(bank);
    const [api, baseline] = await Promise.all([
      BenchChild.start('api', entryFile, {
        ...shared,
        BENCH_PAYMENTS_ROLE: 'api',
        BENCH_API_WORKERS: String(apiWorkers),
        BENCH_PORT: String(apiPort),
        BENCH_ADMIN_PORT: String(adminPort),
        BENCH_SANDBOX_BANK_URL: `http://127.0.0.1:${bankPort}`,
      }),
      BenchChild.start('baseline', entryFile, {
        ...shared,
        BENCH_PAYMENTS_ROLE: 'baseline',
        BENCH_PORT: String(baselinePort),
      }),
    ]);
    this.children.push(api, baseline);

    const faults = await this.db.query('SELECT count(*)::int AS n FROM sandbox_bank.sb_fault');
    if ((faults.rows[0] as { n: number }).n !== 0)
      throw new Error('the sandbox bank has injected faults; the bench needs none');
    return {
      api,
      bank,
      baseline,
      apiUrl: `http://127.0.0.1:${apiPort}`,
      baselineUrl: `http://127.0.0.1:${baselinePort}`,
      adminPort,
    };
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.children.map((child) => child.stop()));
    await this.db.end().catch(() => undefined);
    await this.servers.stop();
  }
}
