import { join } from 'node:path';
import { projectRoot } from '#libs/common';
import { applyMigrations, type MigrationBookkeeping, type MigrationResult } from '#libs/postgres';

/** The sandbox bank's schema and where its migrations are recorded, apart from the gateway's. */
export const SANDBOX_BOOKKEEPING: MigrationBookkeeping = { schema: 'sandbox_bank', table: '_migrations' };

export function sandboxMigrationsDir(): string {
  return join(projectRoot(), 'apps', 'sandbox-bank', 'prisma', 'migrations');
}

/** Applies apps/sandbox-bank/prisma/migrations (the tables of the sandbox_bank schema) to the database. */
export function applySandboxMigrations(databaseUrl: string): Promise<MigrationResult> {
  return applyMigrations(databaseUrl, sandboxMigrationsDir(), SANDBOX_BOOKKEEPING);
}
