import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Redis } from 'ioredis';

export interface LocalRedis {
  readonly url: string;
  stop(): Promise<void>;
}

function findRedisServer(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : undefined;
}

/** Installs Debian's redis-server when it is missing and this process may (root with apt-get). */
function installRedisServer(log: (line: string) => void): string {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error(
      'redis-server is not installed. Install the OS package "redis-server" (Debian/Ubuntu: apt-get install redis-server), or set REDIS_URL.',
    );
  }
  log('redis-server not found: installing the Debian package redis-server');
  const install = (): number | null =>
    spawnSync('apt-get', ['install', '-y', '-q', 'redis-server'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore' });
    if (install() !== 0)
      throw new Error('Could not install the OS package "redis-server" with apt-get; install it, or set REDIS_URL.');
  }
  const path = findRedisServer();
  if (path === undefined) throw new Error('redis-server is still missing after installing the package "redis-server".');
  return path;
}

async function waitForPing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      // not up yet
    } finally {
      client.disconnect();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not answer within the start-up deadline');
}

/** The OS redis-server as a child process, data (append-only file) under `dataDir/redis`. */
export async function startLocalRedis(dataDir: string, port: number, log: (line: string) => void): Promise<LocalRedis> {
  const binary = findRedisServer() ?? installRedisServer(log);
  const dir = resolve(join(dataDir, 'redis'));
  await mkdir(dir, { recursive: true });
  const child = spawn(
    binary,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--save',
      '',
      '--appendonly',
      'yes',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `redis://127.0.0.1:${port}`;
  await waitForPing(url, child, 10_000);
  return {
    url,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
