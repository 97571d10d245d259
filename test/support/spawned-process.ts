import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '#libs/common';

/** The built entry points the process-level tests run (`npm run build` first). */
export const BUILT_API = join(projectRoot(), 'dist/apps/api/src/main.js');
export const BUILT_WORKER = join(projectRoot(), 'dist/apps/worker/src/main.js');

/** A child process whose output is collected, with helpers to wait on it. */
export class SpawnedProcess {
  readonly child: ChildProcess;
  output = '';

  constructor(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string) {
    this.child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
  }

  async waitForOutput(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const match = pattern.exec(this.output);
      if (match !== null) return match;
      if (this.child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(
      `output did not match ${pattern} within ${timeoutMs} ms (exit ${this.child.exitCode}):\n${this.output.slice(-4000)}`,
    );
  }

  /** Sends `signal` and resolves with the exit code (or the signal name). */
  async stop(signal: NodeJS.Signals, timeoutMs: number): Promise<number | string> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`process did not exit within ${timeoutMs} ms of ${signal}:\n${this.output.slice(-4000)}`));
      }, timeoutMs);
      this.child.once('exit', (code, sig) => {
        clearTimeout(timer);
        resolve(code ?? sig ?? 'unknown');
      });
      this.child.kill(signal);
    });
  }
}

/** The environment of this process without the given variables. */
export function envWithout(names: readonly string[], extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of names) delete env[name];
  return { ...env, ...extra };
}

/** Runs a built entry point (`BUILT_API`, `BUILT_WORKER`) with `env`, from the project root. */
export function spawnBuilt(main: string, env: NodeJS.ProcessEnv): SpawnedProcess {
  return new SpawnedProcess(process.execPath, [main], env, projectRoot());
}

/**
 * Waits until the process answers 200 on `baseUrl`/readyz; throws with its output if it exits
 * first or is not ready within `timeoutMs`.
 */
export async function waitUntilReady(proc: SpawnedProcess, baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline || proc.child.exitCode !== null)
      throw new Error(`${baseUrl} did not get ready (exit ${proc.child.exitCode}):\n${proc.output.slice(-4000)}`);
    await sleep(50);
  }
}

/** Kills (SIGKILL) every process given that still runs: a test's cleanup. */
export async function killAll(procs: Iterable<SpawnedProcess | undefined>): Promise<void> {
  const running = [...procs].filter((proc): proc is SpawnedProcess => proc !== undefined);
  await Promise.all(running.map((proc) => proc.stop('SIGKILL', 5000).catch(() => undefined)));
}
