import 'reflect-metadata';
import cluster from 'node:cluster';
import { loadConfig, requireAdminToken, requireConnections, runMain, runUntilSignal } from '#libs/common';
import { createLogger } from '#libs/observability';
import { ApiCluster } from './api-cluster.js';
import { createApiProcess } from './create-api-process.js';

runMain(async () => {
  const config = requireConnections(loadConfig());
  // The admin API is served here (and only here): production refuses to start without its token.
  requireAdminToken(config);
  if (config.api.workers > 1 && cluster.isPrimary) {
    const primary = new ApiCluster(
      config,
      createLogger('api', config.logLevel, config.logFormat, config.environment === 'production'),
    );
    primary.start();
    runUntilSignal('api', () => primary.stop());
    return;
  }
  const api = await createApiProcess(config);
  await api.api.listen(config.http.port, config.http.host);
  await api.admin.listen(config.http.adminPort, config.http.host);
  // A cluster worker leaves Ctrl-C to its primary, which stops the workers with SIGTERM.
  runUntilSignal('api', () => api.close(), cluster.isWorker ? ['SIGTERM'] : undefined);
});
