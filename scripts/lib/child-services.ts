import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface ServiceSpec {
  readonly name: string;
  /** Entry point relative to the project root, e.g. dist/apps/api/src/main.js. */
  readonly entry: string;
  /** URL that answers 200 once the service is ready. */
  readonly readyUrl: string;
}

export interface RunningService {
  readonly spec: ServiceSpec;
  readonly child: ChildProcess;
}

/** Starts a gateway process with the OpenTelemetry preload, sharing this terminal. */
export function startService(root: string, spec: ServiceSpec, env: NodeJS.ProcessEnv): RunningService {
  const child = spawn(
    process.execPath,
    [
      '--enable-source-maps',
      '--import',
      join(root, 'dist/libs/observability/src/otel-register.js'),
      join(root, spec.entry),
    ],
    { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  return { spec, child };
}

export async function waitUntilReady(service: RunningService, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`${service.spec.name} exited with code ${service.child.exitCode} during start-up`);
    try {
      const response = await fetch(service.spec.readyUrl, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${service.spec.name} was not ready at ${service.spec.readyUrl} within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
export function stopService(service: RunningService, graceMs: number): Promise<void> {
  const { child } = service;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}
