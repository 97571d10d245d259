import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '#libs/common';
import { WebhookSecretStore, writeOutboxEvent } from '#libs/events';
import { secretBoxFromConfig } from '#libs/secrets';
import { createApiProcess, type ApiProcess } from '../../apps/api/src/create-api-process.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { freePort } from '../support/free-port.js';
import { SpawnedProcess, envWithout } from '../support/spawned-process.js';
import { baseUrl, testConfig } from '../support/test-env.js';

const root = projectRoot();
const COMPILED_VERIFIER = join(root, 'dist/libs/events/src/signing/webhook-verifier.js');

/** The ```js block under "Verifying a notification" in the webhooks guide (README links to it). */
function readmeExample(): string {
  const guide = readFileSync(join(root, 'docs/webhooks.md'), 'utf8');
  const section = guide.slice(guide.indexOf('## Verifying a notification'));
  const match = /```js\n([\s\S]*?)```/.exec(section);
  if (match?.[1] === undefined) throw new Error('docs/webhooks.md has no webhook verification example');
  return match[1];
}

describe('docs/webhooks.md: verifying a notification', () => {
  let api: ApiProcess;
  let worker: WorkerProcess;
  let dir: string;
  let receiver: SpawnedProcess | undefined;
  let secrets: WebhookSecretStore;

  beforeAll(async () => {
    const config = await testConfig({ SCHEDULER_TICK_MS: '50' });
    api = await createApiProcess(config);
    await api.api.listen(0, '127.0.0.1');
    worker = await createWorkerProcess(config, { queuePrefix: `readme-${randomBytes(4).toString('hex')}` });
    await worker.start();
    secrets = new WebhookSecretStore(worker.stores.repositories.webhookSecrets, secretBoxFromConfig(config));
    dir = await mkdtemp(join(root, 'test', '.readme-example-webhook-'));
  });
  afterAll(async () => {
    await receiver?.stop('SIGKILL', 5000).catch(() => undefined);
    await worker?.close();
    await api?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs as written with the helper copied beside it: accepts a real notification, rejects a forged one', async () => {
    expect(existsSync(COMPILED_VERIFIER), 'run `npm run build` first: the example imports the compiled helper').toBe(
      true,
    );
    await copyFile(COMPILED_VERIFIER, join(dir, 'webhook-verifier.js'));
    await writeFile(join(dir, 'receiver.mjs'), readmeExample());
    const port = await freePort();
    const issued = await secrets.issue();
    receiver = new SpawnedProcess(
      process.execPath,
      [join(dir, 'receiver.mjs')],
      envWithout([], { GATEWAY_URL: baseUrl(api.api), PORT: String(port), WEBHOOK_SECRET: issued.secret }),
      dir,
    );
    await receiver.waitForOutput(/listening/, 10_000);

    const prisma = worker.stores.prisma;
    await prisma.member.create({ data: { id: 'm:readme', name: 'README receiver' } });
    await prisma.webhookConfig.create({
      data: {
        memberId: 'm:readme',
        url: `http://127.0.0.1:${port}/webhooks`,
        types: ['PAYOUT_STATUS_CHANGED'],
        updatedAt: new Date(),
      },
    });
    await prisma.webhookSecret.create({ data: { ...issued.stored, memberId: 'm:readme', createdAt: new Date() } });
    const event = await prisma.$transaction((tx) =>
      writeOutboxEvent(tx, {
        memberId: 'm:readme',
        type: 'PAYOUT_STATUS_CHANGED',
        createdAt: new Date(),
        payload: { payoutId: 'po:1', refId: 'readme', status: 'SUCCESS', memberId: 'm:readme' },
      }),
    );
    const [line = ''] = await receiver.waitForOutput(new RegExp(`\\{"verified":"${event.id}".*\\n`), 10_000);
    expect(JSON.parse(line)).toMatchObject({
      verified: event.id,
      event: 'PAYOUT_STATUS_CHANGED',
      body: { payoutStatusChanged: { payoutId: 'po:1' } },
    });

    const { kid } = await prisma.webhookSigningKey.findFirstOrThrow({ where: { retiredAt: null } });
    const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'token-event': 'PAYOUT_STATUS_CHANGED',
        'token-signature': 'A'.repeat(86),
        'token-signature-kid': kid,
        'webhook-id': 'ev:forged',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': `v1a,${'A'.repeat(86)}==`,
      },
      body: JSON.stringify({ id: 'ev:forged', createdAtMs: 1, payoutStatusChanged: { status: 'SUCCESS' } }),
    });
    expect(forged.status).toBe(400);
    await receiver.waitForOutput(/\{"rejected":"bad-signature"\}/, 5000);
  });
});
