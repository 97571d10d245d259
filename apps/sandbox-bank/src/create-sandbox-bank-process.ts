import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHttpApp, installFormBodyParser, type ConnectedConfig } from '#libs/common';
import { Metrics, createLogger } from '#libs/observability';
import { SandboxBankModule, type SandboxBankOptions } from './sandbox-bank.module.js';
import { applySandboxMigrations } from './store/sandbox-migrations.js';
import { closeSandboxStores, openSandboxStores, type SandboxStores } from './store/sandbox-stores.js';

export interface SandboxBankProcess {
  readonly app: NestFastifyApplication;
  readonly stores: SandboxStores;
  close(): Promise<void>;
}

/**
 * The simulated bank's sessions commit without waiting for the WAL flush (synchronous_commit
 * off): a Postgres crash may lose its last fraction of a second of simulated bank state, which
 * a simulator can afford, and its consent writes stop queueing behind the gateway's own flushes.
 * Visibility is unchanged (a committed row is read at once). The gateway's own sessions keep
 * Postgres's durable default.
 */
function withoutWaitingForFlush(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get('options');
  url.searchParams.set('options', `${options === null ? '' : `${options} `}-c synchronous_commit=off`);
  return url.toString();
}

/**
 * The sandbox bank application with its own connections. Does not listen: main.ts uses the
 * configured port, tests use 0.
 */
export async function createSandboxBankProcess(
  config: ConnectedConfig,
  options: SandboxBankOptions = {},
): Promise<SandboxBankProcess> {
  const platform = {
    config,
    logger: createLogger('sandbox-bank', config.logLevel, config.logFormat, config.environment === 'production'),
    metrics: new Metrics('sandbox-bank'),
  };
  // Its own schema, brought up to date by the process itself: only where a sandbox bank runs.
  const migrations = await applySandboxMigrations(config.databaseUrl);
  if (migrations.applied.length > 0)
    platform.logger.info({ applied: migrations.applied }, 'sandbox bank migrations applied');
  const stores = await openSandboxStores({ ...config, databaseUrl: withoutWaitingForFlush(config.databaseUrl) }, 5);
  const app = await createHttpApp(SandboxBankModule.register(platform, stores, options), platform);
  const fastify = app.getHttpAdapter().getInstance();
  installFormBodyParser(fastify);
  // FAPI: every answer carries the interaction id the TPP sent, or a fresh one.
  fastify.addHook('onRequest', (request, reply, done) => {
    const sent = request.headers['x-fapi-interaction-id'];
    void reply.header('x-fapi-interaction-id', typeof sent === 'string' && sent !== '' ? sent : randomUUID());
    done();
  });
  return {
    app,
    stores,
    close: async () => {
      await app.close();
      await closeSandboxStores(stores);
    },
  };
}
