import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadBankCatalogue } from '#libs/application';
import { createHttpApp, installFormBodyParser, requireAdminToken, type ConnectedConfig } from '#libs/common';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { Metrics, createLogger } from '#libs/observability';
import { AdminAppModule } from './admin-app.module.js';
import { sandboxAdminToken } from './admin/sandbox-admin-token.js';
import { ApiAppModule } from './api-app.module.js';
import { buildAdminDocument, buildPublicDocument, serveDocs } from './docs/openapi.js';
import { BROWSER_FORM_PATHS } from './payments/browser-routes.js';

export interface ApiProcess {
  readonly api: NestFastifyApplication;
  readonly admin: NestFastifyApplication;
  readonly stores: DataStores;
  readonly adminToken: string;
  close(): Promise<void>;
}

export interface ApiProcessOptions {
  /** The migrations /readyz waits for (prisma/migrations unless given; tests ship their own). */
  readonly migrationsDir?: string;
}

/**
 * Builds the public API and the admin API (two listeners, one process, shared connections),
 * after loading the bank catalogue (BANK_CATALOGUE_FILE) into Postgres.
 * Does not listen: callers choose ports (main.ts uses the configured ones, tests use 0).
 */
export async function createApiProcess(config: ConnectedConfig, options: ApiProcessOptions = {}): Promise<ApiProcess> {
  requireAdminToken(config);
  const logger = createLogger('api', config.logLevel, config.logFormat, config.environment === 'production');
  const metrics = new Metrics('api');
  const platform = { config, logger, metrics };
  const stores = await openDataStores(config, { service: 'api', migrationsDir: options.migrationsDir });
  try {
    // Once per start, before anything listens: the lists answer from the table this fills.
    await loadBankCatalogue(stores.repositories.banks, config, logger);
  } catch (error) {
    await closeDataStores(stores);
    throw error;
  }

  const adminToken = sandboxAdminToken(config, logger);

  const api = await createHttpApp(ApiAppModule.register(platform, stores), platform);
  installFormBodyParser(api.getHttpAdapter().getInstance(), BROWSER_FORM_PATHS);
  serveDocs(api, buildPublicDocument(api, config.http.publicBaseUrl), '');
  const admin = await createHttpApp(AdminAppModule.register(platform, stores, adminToken), platform);
  // The console's session cookie (read and set through request.cookies and reply.setCookie).
  await admin.register(fastifyCookie);
  installFormBodyParser(admin.getHttpAdapter().getInstance(), ['/console']);
  serveDocs(admin, buildAdminDocument(admin, `http://localhost:${config.http.adminPort}`), 'admin/');

  return {
    api,
    admin,
    stores,
    adminToken,
    close: async () => {
      await Promise.allSettled([api.close(), admin.close()]);
      await closeDataStores(stores);
    },
  };
}
