import 'reflect-metadata';
import { createHttpApp, loadConfig, requireConnections, runMain, runUntilSignal } from '#libs/common';
import { closeDataStores, openDataStores } from '#libs/db';
import { Metrics, createLogger } from '#libs/observability';
import { SandboxBankModule } from './sandbox-bank.module.js';

runMain(async () => {
  const config = requireConnections(loadConfig());
  const platform = { config, logger: createLogger('sandbox-bank', config.logLevel), metrics: new Metrics('sandbox-bank') };
  const stores = await openDataStores(config, { service: 'sandbox-bank', poolSize: 5 });
  const app = await createHttpApp(SandboxBankModule.register(platform, stores), platform);
  await app.listen(config.http.sandboxBankPort, config.http.host);
  runUntilSignal('sandbox-bank', async () => {
    await app.close();
    await closeDataStores(stores);
  });
});
