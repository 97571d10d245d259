import 'reflect-metadata';
import { loadConfig, requireConnections, runMain, runUntilSignal } from '#libs/common';
import { createSandboxBankProcess } from './create-sandbox-bank-process.js';

runMain(async () => {
  const config = requireConnections(loadConfig());
  const sandboxBank = await createSandboxBankProcess(config);
  await sandboxBank.app.listen(config.http.sandboxBankPort, config.http.host);
  runUntilSignal('sandbox-bank', () => sandboxBank.close());
});
