import { loadConfig, requireConnections } from '#libs/common';
import { createSandboxBankProcess } from '../../apps/sandbox-bank/src/create-sandbox-bank-process.js';
import { PaymentEngine } from '../../apps/sandbox-bank/src/payments/payment-engine.js';
import { VrpLedger } from '../../apps/sandbox-bank/src/vrp/vrp-ledger.js';
import { VrpPaymentsService } from '../../apps/sandbox-bank/src/vrp/vrp-payments.service.js';
import { serveParent } from '../lib/bench-child.js';
import { StageTimes } from '../lib/stage-times.js';
import { need } from '../payments/child-env.js';
import { childHandlers, timeRoutes, wrapClients } from '../payments/child-instrumentation.js';
import { ADMIN } from '../payments/settings.js';

/** The stages a --profile run times in the sandbox bank along a VRP. */
function wrapBankVrpStages(stages: StageTimes): void {
  const wrapped = [
    stages.wrap(VrpPaymentsService.prototype, 'submit', 'sandbox bank: VRP submitted (all below)'),
    stages.wrap(
      VrpLedger.prototype,
      'record',
      "sandbox bank: VRP ledger (one statement: consent locked, periods' VRPs summed, token, key, debit, insert, booking)",
    ),
    stages.wrap(
      PaymentEngine.prototype,
      'afterSubmission',
      "sandbox bank: settled at once (transaction: the payer's balance row updated, booking)",
    ),
  ];
  const missing = wrapped.flatMap((done, index) => (done ? [] : [index]));
  if (missing.length > 0)
    process.stderr.write(`[bench] bank: ${missing.length} stage(s) not found (renamed?): #${missing.join(', #')}\n`);
  wrapClients(stages);
}

/** The bank role of the VRP bench: the sandbox bank the api's connector calls, with its VRP stages for --profile. */
export async function runVrpBank(): Promise<void> {
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
    childHandlers(stages, () => wrapBankVrpStages(stages)),
    () => bank.close(),
  );
}
