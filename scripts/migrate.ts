import { loadConfig, migrationsDir, runMain, ConfigError } from '#libs/common';
import { applyMigrations } from '#libs/postgres';

/** Applies prisma/migrations to DATABASE_URL (the migration Job and docker-compose run this). */
runMain(async () => {
  const config = loadConfig();
  if (config.databaseUrl === undefined) throw new ConfigError('DATABASE_URL', 'is required to apply migrations');
  const result = await applyMigrations(config.databaseUrl, migrationsDir());
  process.stdout.write(
    `${JSON.stringify({ level: 'info', msg: 'migrations applied', applied: result.applied, alreadyApplied: result.alreadyApplied })}\n`,
  );
});
