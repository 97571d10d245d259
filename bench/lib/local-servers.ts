import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations } from '#libs/postgres';
import { migrationsDir } from '#libs/common';
import { startLocalPostgres } from '../../scripts/lib/embedded-postgres.js';
import { startLocalRedis } from '../../scripts/lib/local-redis.js';

export interface BenchServers {
  readonly databaseUrl: string;
  readonly redisUrl: string;
  stop(): Promise<void>;
}

/** A throw-away Postgres and Redis for a benchmark run, migrated. */
export async function startBenchServers(postgresPort: number, redisPort: number): Promise<BenchServers> {
  const dir = await mkdtemp(join(tmpdir(), 'gateway-bench-'));
  await chmod(dir, 0o755);
  const log = (line: string): void => void process.stderr.write(`[bench] ${line}\n`);
  const postgres = await startLocalPostgres(dir, postgresPort, log);
  const redis = await startLocalRedis(dir, redisPort, log);
  await applyMigrations(postgres.url, migrationsDir());
  return {
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    stop: async () => {
      await redis.stop();
      await postgres.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
