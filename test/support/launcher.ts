import { join } from 'node:path';
import { projectRoot } from '#libs/common';
import { freePort } from './free-port.js';
import { SpawnedProcess, envWithout } from './spawned-process.js';

/** `npm start`'s launcher as built (`npm start` builds, then runs this file). */
export const LAUNCHER = join(projectRoot(), 'dist/scripts/start.js');

export interface LauncherPorts {
  readonly api: number;
  readonly admin: number;
  readonly worker: number;
  readonly bank: number;
}

/** The environment of a launcher with nothing set up: its own data folder and free ports. */
export async function launcherEnv(dataDir: string): Promise<{ env: NodeJS.ProcessEnv; ports: LauncherPorts }> {
  const ports = { api: await freePort(), admin: await freePort(), worker: await freePort(), bank: await freePort() };
  const env = envWithout(['DATABASE_URL', 'REDIS_URL', 'ADMIN_TOKEN', 'ENVIRONMENT'], {
    DATA_DIR: dataDir,
    PORT: String(ports.api),
    ADMIN_PORT: String(ports.admin),
    WORKER_PORT: String(ports.worker),
    SANDBOX_BANK_PORT: String(ports.bank),
    EMBEDDED_POSTGRES_PORT: String(await freePort()),
    EMBEDDED_REDIS_PORT: String(await freePort()),
    PUBLIC_BASE_URL: `http://127.0.0.1:${ports.api}`,
    LOG_LEVEL: 'warn',
  });
  return { env, ports };
}

/** Starts the launcher and waits until it has printed the sandbox member's credentials. */
export async function startLauncher(
  env: NodeJS.ProcessEnv,
): Promise<{ launcher: SpawnedProcess; memberId: string; apiKey: string }> {
  const proc = new SpawnedProcess(process.execPath, [LAUNCHER], env, projectRoot());
  await proc.waitForOutput(/Press Ctrl-C to stop\./, 90_000);
  const [, memberId = ''] = (await proc.waitForOutput(/member id\s+(m:\S+)/, 1000)) as string[];
  const [, apiKey = ''] = (await proc.waitForOutput(/API key\s+(\S+)/, 1000)) as string[];
  return { launcher: proc, memberId, apiKey };
}
