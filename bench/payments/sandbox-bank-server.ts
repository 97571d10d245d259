import { loadConfig, requireConnections } from '#libs/common';
import { createSandboxBankProcess } from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { serveParent } from '../lib/bench-child.js';
import { StageTimes } from '../lib/stage-times.js';
import { childHandlers, timeRoutes, wrapClients } from './child-instrumentation.js';
import { need } from './child-env.js';
import { ADMIN } from './settings.js';

/** The bank role: the sandbox bank the api's connector calls. */
export async function runBank(): Promise<void> {
  const config = requireConnections(
    loadConfig({
      DATABASE_URL: need('BENCH_DATABASE_URL'),
      REDIS_URL: need('BENCH_REDIS_URL'),
      ADMIN_TOKEN: ADMIN,
      LOG_LEVEL: 'warn',
    }),
  );
  const bank = await createSandboxBankProcess(config);
  const stages = new StageTimes();
  timeRoutes(bank.app, stages, 'sandbox bank:');
  await bank.app.listen(Number(need('BENCH_PORT')), '127.0.0.1');
  serveParent(
    childHandlers(stages, () => wrapClients(stages)),
    () => bank.close(),
  );
}
