import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialChanges, RateLimiter } from '#libs/auth';
import { closeDataStores, openDataStores, SharedClock, type DataStores } from '#libs/db';
import {
  closeSandboxStores,
  openSandboxStores,
  type SandboxStores,
} from '../../apps/sandbox-bank/src/store/sandbox-stores.js';
import { testConfig } from '../support/test-env.js';

/**
 * Deployments sharing one Redis (as test files running at once do): each keeps its rate limits
 * and credentials generation under its own QUEUE_PREFIX, while the processes of one deployment
 * (api replicas, workers) share theirs, and the clock's channel still reaches the sandbox bank.
 */
const prefix = (name: string): string => `${name}-${randomBytes(4).toString('hex')}`;

let databaseUrl: string;
const opened: DataStores[] = [];
let sandbox: SandboxStores | undefined;

async function deployment(queuePrefix: string): Promise<DataStores> {
  const config = await testConfig({ DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix });
  const stores = await openDataStores(config, { service: 'redis-namespaces-test', poolSize: 2 });
  opened.push(stores);
  return stores;
}

beforeAll(async () => {
  databaseUrl = (await testConfig()).databaseUrl;
});

afterAll(async () => {
  await Promise.all(opened.map((stores) => closeDataStores(stores)));
  if (sandbox !== undefined) await closeSandboxStores(sandbox);
});

describe('Redis keys per deployment', () => {
  it("counts another deployment's hits on the same counter apart; a deployment's own processes count together", async () => {
    const first = prefix('a');
    const api = await deployment(first);
    const worker = await deployment(first);
    const other = await deployment(prefix('b'));
    const counter = `public-ip:127.0.0.${randomBytes(1)[0] ?? 1}`;

    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await new RateLimiter(api.redis).hit(counter, 2));
    expect(hits.map((hit) => hit.allowed)).toEqual([true, true, false]);
    expect((await new RateLimiter(worker.redis).hit(counter, 2)).allowed).toBe(false);

    const elsewhere = await new RateLimiter(other.redis).hit(counter, 2);
    expect(elsewhere).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("a credential change is announced to the deployment's processes only", async () => {
    const first = prefix('a');
    const api = await deployment(first);
    const worker = await deployment(first);
    const other = await deployment(prefix('b'));
    const generations = async (): Promise<number[]> =>
      Promise.all([api, worker, other].map((stores) => new RateLimiter(stores.redis).generation()));
    const before = await generations();
    await new CredentialChanges(api.redis).announce();
    expect(await generations()).toEqual([(before[0] ?? 0) + 1, (before[1] ?? 0) + 1, before[2]]);
  });

  it("the clock's channel is not prefixed: the sandbox bank follows an advance", async () => {
    const stores = await deployment(prefix('a'));
    sandbox = await openSandboxStores(await testConfig({ DATABASE_URL: databaseUrl }), 1);
    const clock = stores.clock;
    if (!(clock instanceof SharedClock)) throw new Error('a sandbox config has the shared clock');
    const before = sandbox.clock.now().getTime();
    await clock.advance(3600);
    await expect.poll(() => sandbox?.clock.now().getTime() ?? 0, { timeout: 5000 }).toBeGreaterThan(before + 3500_000);
  });
});
