import { setTimeout as sleep } from 'node:timers/promises';
import { ConfigError, loadConfig, migrationsDir, runMain } from '#libs/common';
import { describePending, pendingMigrations } from '#libs/postgres';

/** Between two looks at the database. */
const INTERVAL_MS = 2000;

const log = (level: string, msg: string, fields: Record<string, unknown> = {}): void =>
  void process.stdout.write(`${JSON.stringify({ level, service: 'wait-for-schema', msg, ...fields })}\n`);

/** A driver's error code (ECONNREFUSED, 3D000 ...), never its message (which may name the host). */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Waits until DATABASE_URL has every migration of prisma/migrations applied, then exits 0: the
 * init container of the api and worker pods, so they start only on the schema their image needs
 * (the migration Job applies it). Says what it waits for; an unreachable database is waited for too.
 */
runMain(async () => {
  const config = loadConfig();
  if (config.databaseUrl === undefined) throw new ConfigError('DATABASE_URL', 'is required to check the schema');
  let said = '';
  for (;;) {
    const state = await pendingMigrations(config.databaseUrl, migrationsDir()).then(
      ({ shipped, pending }) => ({ pending, line: describePending(pending, shipped.length) }),
      (error: unknown) => ({ pending: undefined, line: `database unreachable (${errorCode(error)})` }),
    );
    if (state.pending?.length === 0) {
      log('info', 'schema ready: every migration is applied');
      return;
    }
    if (state.line !== said) log('info', `waiting for migrations: ${state.line}`);
    said = state.line;
    await sleep(INTERVAL_MS);
  }
});
