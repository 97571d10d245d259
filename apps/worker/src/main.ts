import 'reflect-metadata';
import { loadConfig, requireConnections, runMain, runUntilSignal } from '#libs/common';
import { createWorkerProcess } from './create-worker-process.js';

runMain(async () => {
  const config = requireConnections(loadConfig());
  const worker = await createWorkerProcess(config);
  await worker.http.listen(config.http.workerPort, config.http.host);
  await worker.start();
  runUntilSignal('worker', () => worker.close());
});
