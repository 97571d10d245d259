import 'reflect-metadata';
import { loadConfig, requireConnections, runMain, runUntilSignal } from '#libs/common';
import { createApiProcess } from './create-api-process.js';

runMain(async () => {
  const config = requireConnections(loadConfig());
  const api = await createApiProcess(config);
  await api.api.listen(config.http.port, config.http.host);
  await api.admin.listen(config.http.adminPort, config.http.host);
  runUntilSignal('api', () => api.close());
});
