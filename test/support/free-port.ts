import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports are handed out below the kernel's ephemeral range (32768 and up on Linux), where no
 * outgoing connection (fetch, Postgres, Redis) takes one between `freePort()` and the listen that
 * uses it; each Vitest worker (VITEST_POOL_ID, 1 to maxWorkers) draws from its own block, so
 * files running at once never draw the same port. Outside a worker (global setup) the block is 0.
 */
const FIRST_PORT = 12_000;
const BLOCK_SIZE = 2_000;
const BLOCKS = 10;

function blockStart(): number {
  const pool = Number(process.env['VITEST_POOL_ID'] ?? '0');
  const block = Number.isInteger(pool) && pool > 0 ? pool % BLOCKS : 0;
  return FIRST_PORT + block * BLOCK_SIZE;
}

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Where the next search starts: each port is handed out once per file (a random start, then on). */
let cursor = randomInt(BLOCK_SIZE);

/** A TCP port of this worker's block that was free a moment ago on 127.0.0.1, not handed out before. */
export async function freePort(): Promise<number> {
  const start = blockStart();
  for (let tried = 0; tried < BLOCK_SIZE; tried += 1) {
    const port = start + (cursor % BLOCK_SIZE);
    cursor += 1;
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port in ${start}..${start + BLOCK_SIZE - 1}`);
}
