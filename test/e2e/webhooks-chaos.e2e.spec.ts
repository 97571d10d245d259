import { existsSync } from 'node:fs';
import { randomBytes, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PrismaService, WebhookSigningKeyRepository } from '#libs/db';
import { verifyWebhook, writeOutboxEvent, type JsonWebKeySet } from '#libs/events';
import { freePort } from '../support/free-port.js';
import { BUILT_WORKER, type SpawnedProcess, envWithout, killAll, spawnBuilt } from '../support/spawned-process.js';
import { testConfig } from '../support/test-env.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';

const EVENTS = 1000;
const MEMBER = 'm:chaos';

/**
 * kill -9 a worker process again and again while 1,000 events are written and delivered to a
 * local receiver; afterwards every event arrived at least once, every copy is byte-identical,
 * and nothing is left undelivered. Runs the built worker (`npm run build` first).
 */
describe('webhook delivery survives kill -9 of workers', () => {
  const workers = new Set<SpawnedProcess>();
  const receiver = new WebhookReceiver();
  let prisma: PrismaService | undefined;

  afterAll(async () => {
    await killAll(workers);
    await receiver.stop();
    await prisma?.$disconnect();
  });

  it('delivers every one of 1,000 events at least once, duplicates identical, none left behind', async () => {
    expect(existsSync(BUILT_WORKER), 'run `npm run build` first: the chaos test spawns the built worker').toBe(true);
    const config = await testConfig();
    prisma = new PrismaService(config.databaseUrl, 5);
    receiver.responder = async (_request, _index, response) => {
      await sleep(randomInt(0, 15));
      response.writeHead(200).end();
    };
    await receiver.start();
    await prisma.member.create({ data: { id: MEMBER, name: 'Chaos TPP' } });
    await prisma.webhookConfig.create({
      data: { memberId: MEMBER, url: receiver.url, types: ['REFUND_STATUS_CHANGED'], updatedAt: new Date() },
    });

    const baseEnv = envWithout(['ENVIRONMENT', 'OTEL_EXPORTER_OTLP_ENDPOINT'], {
      DATABASE_URL: config.databaseUrl,
      REDIS_URL: config.redisUrl,
      QUEUE_PREFIX: `chaos-${randomBytes(4).toString('hex')}`,
      LOG_LEVEL: 'error',
      SCHEDULER_TICK_MS: '100',
      WEBHOOK_SWEEP_MS: '250',
      WEBHOOK_RECOVER_AFTER_MS: '1000',
      // Long enough that a loaded machine's slow answer is not a failed attempt (whose retry,
      // minutes later, is past this test's wait); a killed worker's lease still ends in seconds.
      WEBHOOK_ATTEMPT_TIMEOUT_MS: '5000',
      SHUTDOWN_GRACE_MS: '1000',
    });
    const spawnWorker = async (): Promise<SpawnedProcess> => {
      const worker = spawnBuilt(BUILT_WORKER, { ...baseEnv, WORKER_PORT: String(await freePort()) });
      workers.add(worker);
      return worker;
    };
    const slots = [await spawnWorker(), await spawnWorker()];

    // Producer: each event in its own transaction, spread over ~12 s.
    const bodies = new Map<string, string>();
    const producing = (async () => {
      for (let i = 0; i < EVENTS; i += 1) {
        const written = await prisma.$transaction((tx) =>
          writeOutboxEvent(tx, {
            memberId: MEMBER,
            type: 'REFUND_STATUS_CHANGED',
            createdAt: new Date(),
            payload: { refundId: `rf:${i}`, memberId: MEMBER, status: 'SUCCESS', refId: `chaos-${i}` },
          }),
        );
        bodies.set(written.id, written.body);
        if (i % 10 === 9) await sleep(110);
      }
    })();

    // Chaos: every 0.8-2 s, kill -9 one worker (alternating) and start a replacement at once.
    let kills = 0;
    let producerDone = false;
    void producing.then(() => (producerDone = true));
    while (!producerDone || kills < 8) {
      await sleep(randomInt(800, 2000));
      const slot = kills % 2;
      const victim = slots[slot];
      if (victim !== undefined) {
        victim.child.kill('SIGKILL');
        workers.delete(victim);
      }
      slots[slot] = await spawnWorker();
      kills += 1;
    }
    await producing;

    // Let the survivors finish: every event delivered.
    const deadline = Date.now() + 40_000;
    for (;;) {
      const open = await prisma.webhookDelivery.count({ where: { status: { not: 'DELIVERED' } } });
      const delivered = await prisma.webhookDelivery.count({ where: { status: 'DELIVERED' } });
      if (open === 0 && delivered === EVENTS) break;
      if (Date.now() > deadline) {
        const output = [...workers].map((worker) => worker.output.slice(-2000)).join('\n---\n');
        throw new Error(`not all delivered: ${delivered} delivered, ${open} open\n${output}`);
      }
      await sleep(200);
    }

    const received = new Map<string, Set<string>>();
    for (const request of receiver.requests) {
      const id = (JSON.parse(request.body) as { id: string }).id;
      const copies = received.get(id) ?? new Set<string>();
      copies.add(request.body);
      received.set(id, copies);
    }
    const missing = [...bodies.keys()].filter((id) => !received.has(id));
    expect(missing).toEqual([]);
    for (const [id, copies] of received) {
      expect(copies.size, `copies of ${id}`).toBe(1);
      expect([...copies][0], `body of ${id}`).toBe(bodies.get(id));
    }
    expect(received.size).toBe(EVENTS);
    expect(await prisma.outboxEvent.count({ where: { relayedAt: null } })).toBe(0);
    expect(await prisma.webhookDelivery.count({ where: { status: 'DEAD' } })).toBe(0);

    const jwks: JsonWebKeySet = {
      keys: (await new WebhookSigningKeyRepository(prisma).published(new Date(), 3600_000)).map((key) => ({
        ...(key.publicJwk as object),
        kid: key.kid,
      })),
    };
    for (const request of receiver.requests)
      await verifyWebhook({ body: request.body, headers: request.headers, jwks, nowMs: request.receivedAtMs });

    const duplicates = receiver.requests.length - received.size;
    const rate = (100 * duplicates) / received.size;
    process.stdout.write(
      `[webhooks chaos] ${EVENTS} events, ${kills} kill -9s, ${receiver.requests.length} requests received, ${duplicates} duplicates (${rate.toFixed(2)} %)\n`,
    );
  }, 90_000);
});
