import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, HttpCode, Module, Post, Req, Res, type DynamicModule } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CurrentMember, AuthModule, type MemberContext } from '#libs/auth';
import {
  GatewayError,
  JOB_QUEUE,
  PlatformModule,
  createHttpApp,
  validateBody,
  type ConnectedConfig,
  type PlatformObjects,
} from '#libs/common';
import {
  DbModule,
  MemberRepository,
  PrismaService,
  SharedClock,
  closeDataStores,
  openDataStores,
  type DataStores,
} from '#libs/db';
import { hashApiKey, newApiKey, newId } from '#libs/domain';
import { Metrics, createLogger } from '#libs/observability';
import { IdempotencyModule } from '../../apps/api/src/idempotency/idempotency.module.js';
import { IdempotentRequests } from '../../apps/api/src/idempotency/idempotent-requests.js';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { followUpTimerId, periodicTimerId } from '#libs/db';
import {
  DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE,
  MAX_BATCHES_PER_RUN,
  PURGE_IDEMPOTENCY_KEYS_JOB,
  PurgeIdempotencyKeysUseCase,
} from '#libs/application';
import { baseUrl, testConfig } from '../support/test-env.js';

const HOUR_MS = 3600_000;

interface Deferred {
  readonly promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** What the probe handler does, driven by the tests (the app runs in this process). */
const probe = {
  calls: 0,
  /** Failures still to throw for outcome "fail" / "unavailable". */
  failures: 0,
  entered: deferred(),
  latch: deferred(),
};

class TransferRequest {
  @IsString({ message: 'amount must be a string' })
  @MaxLength(20, { message: 'amount must be at most 20 characters' })
  amount!: string;

  @IsOptional()
  @IsIn(['ok', 'reject', 'fail', 'unavailable', 'wait'], { message: 'outcome is unknown' })
  outcome?: 'ok' | 'reject' | 'fail' | 'unavailable' | 'wait';
}

interface TransferView {
  readonly transfer: { readonly id: string; readonly memberId: string; readonly amount: string };
}

/** A stand-in for a money-moving POST: each run inserts a row in Postgres. */
@Controller('probe')
class ProbeController {
  constructor(
    private readonly prisma: PrismaService,
    private readonly idempotency: IdempotentRequests,
  ) {}

  @Post('transfers')
  create(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TransferView | string | undefined> {
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(TransferRequest, request.body);
      probe.calls += 1;
      if (body.outcome === 'wait') {
        probe.entered.resolve();
        await probe.latch.promise;
      }
      if (body.outcome === 'reject')
        throw new GatewayError('PermissionDenied', { message: 'Transfers of this amount need approval.' });
      if (body.outcome === 'fail' && probe.failures > 0) {
        probe.failures -= 1;
        throw new Error('the ledger is unreachable');
      }
      if (body.outcome === 'unavailable' && probe.failures > 0) {
        probe.failures -= 1;
        throw new GatewayError('UNAVAILABLE', { retryAfterSeconds: 5 });
      }
      const [row] = await this.prisma.$queryRaw<Array<{ id: number }>>`
        INSERT INTO probe_transfer (member_id, amount) VALUES (${member.memberId}, ${body.amount}) RETURNING id`;
      return { transfer: { id: `tr:${row?.id}`, memberId: member.memberId, amount: body.amount } };
    });
  }

  @Post('other-transfers')
  @HttpCode(200)
  other(
    @CurrentMember() member: MemberContext,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TransferView | string | undefined> {
    return this.idempotency.answer(request, reply, async () => {
      const body = await validateBody(TransferRequest, request.body);
      probe.calls += 1;
      return { transfer: { id: 'tr:other', memberId: member.memberId, amount: body.amount } };
    });
  }
}

@Module({})
class ProbeAppModule {
  static register(platform: PlatformObjects, stores: DataStores): DynamicModule {
    return {
      module: ProbeAppModule,
      imports: [PlatformModule.forRoot(platform), DbModule.forRoot(stores), AuthModule, IdempotencyModule],
      controllers: [ProbeController],
    };
  }
}

interface Member {
  readonly id: string;
  readonly apiKey: string;
}

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

interface ErrorBody {
  error: { errorCode?: string; message: string; paths?: string[]; tokenTraceId: string };
}

let config: ConnectedConfig;
let stores: DataStores;
let app: NestFastifyApplication;
let base: string;
let alice: Member;
let bob: Member;
let keyCounter = 0;
const newKey = (): string => `key-${Date.now()}-${++keyCounter}`;

async function createMember(name: string): Promise<Member> {
  const member = { id: newId('m'), apiKey: newApiKey() };
  await new MemberRepository(stores.prisma).createWithApiKey(
    { id: member.id, name, regulated: true, reseller: false },
    { id: newId('ak'), keyHash: hashApiKey(member.apiKey) },
  );
  return member;
}

async function post(member: Member, path: string, body: string, key?: string | readonly string[]): Promise<Answer> {
  const headers = new Headers({ authorization: `Basic ${member.apiKey}`, 'content-type': 'application/json' });
  for (const value of key === undefined ? [] : typeof key === 'string' ? [key] : key)
    headers.append('idempotency-key', value);
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const transfer = (member: Member, body: string, key?: string | readonly string[]): Promise<Answer> =>
  post(member, '/probe/transfers', body, key);
const json = <T>(answer: Answer): T => JSON.parse(answer.text) as T;
const rowsOf = async (member: Member): Promise<number> =>
  Number(
    (
      await stores.prisma.$queryRaw<
        Array<{ n: bigint }>
      >`SELECT count(*) AS n FROM probe_transfer WHERE member_id = ${member.id}`
    )[0]?.n ?? 0,
  );
const keyRow = (member: Member, key: string) =>
  stores.prisma.idempotencyKey.findUnique({ where: { memberId_key: { memberId: member.id, key } } });

function sharedClock(): SharedClock {
  if (!(stores.clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
  return stores.clock;
}

/** Asserts that `replayed` repeats `first` byte for byte, marked as a replay. */
function expectReplay(replayed: Answer, first: Answer): void {
  expect(replayed.status).toBe(first.status);
  expect(replayed.text).toBe(first.text);
  expect(replayed.headers.get('content-type')).toBe(first.headers.get('content-type'));
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
}

beforeAll(async () => {
  config = await testConfig();
  stores = await openDataStores(config, { service: 'idempotency-test' });
  await stores.prisma.$executeRawUnsafe(
    'CREATE TABLE probe_transfer (id SERIAL PRIMARY KEY, member_id TEXT NOT NULL, amount TEXT NOT NULL)',
  );
  const platform: PlatformObjects = { config, logger: createLogger('api', 'silent'), metrics: new Metrics('api') };
  app = await createHttpApp(ProbeAppModule.register(platform, stores), platform);
  await app.listen(0, '127.0.0.1');
  base = baseUrl(app);
  alice = await createMember('Alice Payments');
  bob = await createMember('Bob Payments');
});

afterAll(async () => {
  await app.close();
  await closeDataStores(stores);
});

describe('Idempotency-Key on a POST run through IdempotentRequests', () => {
  it('without the header every request runs', async () => {
    const before = probe.calls;
    const first = await transfer(alice, '{"amount":"1.00"}');
    const second = await transfer(alice, '{"amount":"1.00"}');
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(json<TransferView>(first).transfer.id).not.toBe(json<TransferView>(second).transfer.id);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(probe.calls - before).toBe(2);
  });

  it('a repeat gets the stored status and byte-identical body with Idempotent-Replayed: true; the handler ran once', async () => {
    const key = newKey();
    const body = '{"amount":"10.00"}';
    const rows = await rowsOf(alice);
    const calls = probe.calls;
    const first = await transfer(alice, body, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (let i = 0; i < 3; i += 1) expectReplay(await transfer(alice, body, key), first);
    expect(probe.calls - calls).toBe(1);
    expect((await rowsOf(alice)) - rows).toBe(1);
    const row = await keyRow(alice, key);
    expect(row).toMatchObject({ state: 'COMPLETED', responseStatus: 201, responseBody: first.text });
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 24 * HOUR_MS);
  });

  it('keeps the status a handler sets (@HttpCode(200))', async () => {
    const key = newKey();
    const first = await post(alice, '/probe/other-transfers', '{"amount":"3.00"}', key);
    expect(first.status).toBe(200);
    expectReplay(await post(alice, '/probe/other-transfers', '{"amount":"3.00"}', key), first);
  });

  it('the same key with another body (even other whitespace) -> 422 naming Idempotency-Key; nothing runs', async () => {
    const key = newKey();
    const first = await transfer(alice, '{"amount":"20.00"}', key);
    expect(first.status).toBe(201);
    const calls = probe.calls;
    for (const other of ['{"amount":"21.00"}', '{"amount": "20.00"}', '{"amount":"20.00","outcome":"ok"}']) {
      const answer = await transfer(alice, other, key);
      expect(answer.status).toBe(422);
      const { error } = json<ErrorBody>(answer);
      expect(error.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(error.message).toContain('Idempotency-Key');
      expect(error.tokenTraceId).toBe(answer.headers.get('token-trace-id'));
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(probe.calls).toBe(calls);
    expectReplay(await transfer(alice, '{"amount":"20.00"}', key), first);
  });

  it('the same key and body on another route -> 422 (the path is part of the fingerprint)', async () => {
    const key = newKey();
    expect((await transfer(alice, '{"amount":"4.00"}', key)).status).toBe(201);
    const calls = probe.calls;
    const answer = await post(alice, '/probe/other-transfers', '{"amount":"4.00"}', key);
    expect(answer.status).toBe(422);
    expect(json<ErrorBody>(answer).error.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(probe.calls).toBe(calls);
  });

  it('a duplicate while the first is still running -> 409 with Retry-After; then the stored answer', async () => {
    const key = newKey();
    const body = '{"amount":"30.00","outcome":"wait"}';
    probe.entered = deferred();
    probe.latch = deferred();
    const calls = probe.calls;
    const first = transfer(alice, body, key);
    await probe.entered.promise;
    expect((await keyRow(alice, key))?.state).toBe('IN_FLIGHT');

    const duplicate = await transfer(alice, body, key);
    expect(duplicate.status).toBe(409);
    expect(json<ErrorBody>(duplicate).error.errorCode).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(json<ErrorBody>(duplicate).error.message).toContain('Idempotency-Key');
    expect(duplicate.headers.get('retry-after')).toBe('1');
    // Another body under the same key is refused as a reuse even while the first runs.
    expect((await transfer(alice, '{"amount":"31.00"}', key)).status).toBe(422);

    probe.latch.resolve();
    const done = await first;
    expect(done.status).toBe(201);
    expectReplay(await transfer(alice, body, key), done);
    expect(probe.calls - calls).toBe(1);
  });

  it('a burst of 12 concurrent identical requests runs the handler once: one 201, the rest 409', async () => {
    const key = newKey();
    const body = '{"amount":"40.00","outcome":"wait"}';
    probe.entered = deferred();
    probe.latch = deferred();
    const calls = probe.calls;
    const rows = await rowsOf(alice);
    let answered = 0;
    const answers = Promise.all(
      Array.from({ length: 12 }, () =>
        transfer(alice, body, key).then((answer) => {
          answered += 1;
          return answer;
        }),
      ),
    );
    await probe.entered.promise;
    // The first waits at the latch until every other request has had its answer (however slowly
    // they arrive); a second run of the handler would wait there too, and is counted below.
    await vi.waitUntil(() => answered === 11 || probe.calls - calls > 1, { timeout: 20_000, interval: 20 });
    probe.latch.resolve();
    const statuses = (await answers).map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array.from({ length: 11 }, () => 409)]);
    expect(probe.calls - calls).toBe(1);
    expect((await rowsOf(alice)) - rows).toBe(1);
  });

  it('keys are per member: another member’s request with the same key and body runs and is replayed on its own', async () => {
    const key = newKey();
    const body = '{"amount":"50.00"}';
    const fromAlice = await transfer(alice, body, key);
    const fromBob = await transfer(bob, body, key);
    expect([fromAlice.status, fromBob.status]).toEqual([201, 201]);
    expect(fromBob.headers.get('idempotent-replayed')).toBeNull();
    expect(json<TransferView>(fromBob).transfer.memberId).toBe(bob.id);
    expect(json<TransferView>(fromBob).transfer.id).not.toBe(json<TransferView>(fromAlice).transfer.id);
    expectReplay(await transfer(alice, body, key), fromAlice);
    expectReplay(await transfer(bob, body, key), fromBob);
    // Bob's other body under the same key is Bob's conflict, not Alice's.
    expect((await transfer(bob, '{"amount":"51.00"}', key)).status).toBe(422);
    expectReplay(await transfer(alice, body, key), fromAlice);
  });

  it('a 4xx from the handler is stored and replayed byte for byte', async () => {
    const key = newKey();
    const body = '{"amount":"60.00","outcome":"reject"}';
    const calls = probe.calls;
    const first = await transfer(alice, body, key);
    expect(first.status).toBe(403);
    expect(json<ErrorBody>(first).error).toEqual({
      errorCode: 'PermissionDenied',
      message: 'Transfers of this amount need approval.',
      tokenTraceId: first.headers.get('token-trace-id'),
    });
    const again = await transfer(alice, body, key);
    expectReplay(again, first);
    // The stored body keeps the first request's tokenTraceId; the header is the new request's.
    expect(again.headers.get('token-trace-id')).not.toBe(first.headers.get('token-trace-id'));
    expect(probe.calls - calls).toBe(1);
    expect((await keyRow(alice, key))?.responseStatus).toBe(403);
  });

  it('a validation 400 is stored and replayed too', async () => {
    const key = newKey();
    const body = '{"amount":70}';
    const first = await transfer(alice, body, key);
    expect(first.status).toBe(400);
    expect(json<ErrorBody>(first).error).toMatchObject({ errorCode: 'Field.Invalid', paths: ['amount'] });
    expectReplay(await transfer(alice, body, key), first);
    // A corrected body is another request: a new key is needed.
    expect((await transfer(alice, '{"amount":"70.00"}', key)).status).toBe(422);
  });

  it.each([
    ['an unexpected error (500)', 'fail', 500],
    ['a 5xx GatewayError (503)', 'unavailable', 503],
  ] as const)('%s releases the key: the same request may be retried and then runs', async (_what, outcome, status) => {
    const key = newKey();
    const body = `{"amount":"80.00","outcome":"${outcome}"}`;
    probe.failures = 1;
    const calls = probe.calls;
    const failed = await transfer(alice, body, key);
    expect(failed.status).toBe(status);
    expect(failed.headers.get('idempotent-replayed')).toBeNull();
    expect(await keyRow(alice, key)).toBeNull();

    const retried = await transfer(alice, body, key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expectReplay(await transfer(alice, body, key), retried);
    expect(probe.calls - calls).toBe(2);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a space', 'my key'],
    ['a tab', 'my\tkey'],
    ['a non-ASCII character', 'cl\u00e9'],
    ['the header twice', ['one', 'two']],
  ] as const)('a malformed key (%s) -> 400 naming Idempotency-Key; nothing runs or is stored', async (_what, key) => {
    const calls = probe.calls;
    const answer = await transfer(alice, '{"amount":"90.00"}', key);
    expect(answer.status).toBe(400);
    const { error } = json<ErrorBody>(answer);
    expect(error.paths).toEqual(['Idempotency-Key']);
    expect(error.message).toContain('Idempotency-Key');
    expect(error.errorCode).toBe('Field.InvalidFormat');
    expect(probe.calls).toBe(calls);
    expect(
      await stores.prisma.idempotencyKey.count({
        where: { memberId: alice.id, key: typeof key === 'string' ? key : 'one, two' },
      }),
    ).toBe(0);
  });

  it('accepts a key of 255 visible ASCII characters', async () => {
    const key = `${'!~'.repeat(127)}x`;
    const first = await transfer(alice, '{"amount":"91.00"}', key);
    expect(first.status).toBe(201);
    expectReplay(await transfer(alice, '{"amount":"91.00"}', key), first);
  });

  it('an unauthenticated request is refused before the key is looked at', async () => {
    const response = await fetch(`${base}/probe/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'not valid at all' },
      body: '{"amount":"1.00"}',
    });
    expect(response.status).toBe(401);
  });

  // Moves the service clock: keep last among the HTTP tests.
  it('an expired key counts as absent: after IDEMPOTENCY_TTL_HOURS the same key runs again (any body)', async () => {
    const key = newKey();
    const body = '{"amount":"100.00"}';
    const first = await transfer(alice, body, key);
    expect(first.status).toBe(201);
    await sharedClock().advance(23 * 3600);
    expectReplay(await transfer(alice, body, key), first);

    await sharedClock().advance(2 * 3600);
    const calls = probe.calls;
    const fresh = await transfer(alice, body, key);
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(json<TransferView>(fresh).transfer.id).not.toBe(json<TransferView>(first).transfer.id);
    expectReplay(await transfer(alice, body, key), fresh);

    await sharedClock().advance(25 * 3600);
    const otherBody = await transfer(alice, '{"amount":"101.00"}', key);
    expect(otherBody.status).toBe(201);
    expect(probe.calls - calls).toBe(2);
    const row = await keyRow(alice, key);
    expect(row?.responseBody).toBe(otherBody.text);
    expect(row?.expiresAt.getTime()).toBeGreaterThan(stores.clock.nowMs() + 23 * HOUR_MS);
  });

  it('an IN_FLIGHT reservation abandoned by a dead process is taken over after 10 minutes', async () => {
    const key = newKey();
    const now = stores.clock.nowMs();
    await stores.prisma.idempotencyKey.create({
      data: {
        memberId: alice.id,
        key,
        fingerprint: 'f'.repeat(64),
        state: 'IN_FLIGHT',
        createdAt: new Date(now - 11 * 60_000),
        expiresAt: new Date(now + 20 * HOUR_MS),
      },
    });
    const answer = await transfer(alice, '{"amount":"110.00"}', key);
    expect(answer.status).toBe(201);
    expect((await keyRow(alice, key))?.state).toBe('COMPLETED');

    const recent = newKey();
    await stores.prisma.idempotencyKey.create({
      data: {
        memberId: alice.id,
        key: recent,
        fingerprint: 'f'.repeat(64),
        state: 'IN_FLIGHT',
        createdAt: new Date(now - 60_000),
        expiresAt: new Date(now + 20 * HOUR_MS),
      },
    });
    expect((await transfer(alice, '{"amount":"111.00"}', recent)).status).toBe(422);
  });
});

describe('maintenance.purge-idempotency-keys', () => {
  const purge = (): PurgeIdempotencyKeysUseCase =>
    new PurgeIdempotencyKeysUseCase(
      stores.repositories.idempotencyKeys,
      stores.repositories.scheduledJobs,
      stores.clock,
      createLogger('worker', 'silent'),
    );

  async function seedKeys(member: Member, prefix: string, count: number, expiresAt: Date): Promise<void> {
    await stores.prisma.idempotencyKey.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        memberId: member.id,
        key: `${prefix}-${i}`,
        fingerprint: '0'.repeat(64),
        state: 'COMPLETED',
        responseStatus: 201,
        responseHeaders: { 'content-type': 'application/json; charset=utf-8' },
        responseBody: '{}',
        createdAt: new Date(expiresAt.getTime() - 24 * HOUR_MS),
        expiresAt,
      })),
    });
  }

  it('deletes expired rows in batches and keeps live ones', async () => {
    await stores.prisma.idempotencyKey.deleteMany({});
    await stores.prisma.scheduledJob.deleteMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } });
    const now = stores.clock.nowMs();
    await seedKeys(alice, 'old', 5, new Date(now - 1000));
    await seedKeys(bob, 'old', 2, new Date(now - HOUR_MS));
    await seedKeys(alice, 'live', 3, new Date(now + HOUR_MS));

    const result = await purge().execute({ name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: 3 });
    expect(result).toEqual({ deleted: 7, batches: 3, complete: true });
    const left = await stores.prisma.idempotencyKey.findMany({ orderBy: { key: 'asc' } });
    expect(left.map((row) => row.key)).toEqual(['live-0', 'live-1', 'live-2']);

    // The next hour's timer is written when this run's timer fires (a started worker, below): the run writes none.
    expect(await stores.repositories.scheduledJobs.countByName(PURGE_IDEMPOTENCY_KEYS_JOB)).toBe(0);
    await purge().execute({ name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: 3 });
    expect(await stores.repositories.scheduledJobs.countByName(PURGE_IDEMPOTENCY_KEYS_JOB)).toBe(0);
  });

  it(`stops after ${MAX_BATCHES_PER_RUN} batches and schedules a follow-up run a minute later`, async () => {
    await stores.prisma.idempotencyKey.deleteMany({});
    await stores.prisma.scheduledJob.deleteMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } });
    await seedKeys(alice, 'many', MAX_BATCHES_PER_RUN + 5, new Date(stores.clock.nowMs() - 1000));

    const result = await purge().execute({ name: PURGE_IDEMPOTENCY_KEYS_JOB, batchSize: 1 });
    expect(result).toEqual({ deleted: MAX_BATCHES_PER_RUN, batches: MAX_BATCHES_PER_RUN, complete: false });
    expect(await stores.prisma.idempotencyKey.count()).toBe(5);
    const ids = (await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } })).map(
      (timer) => timer.id,
    );
    expect(ids).toHaveLength(1);
    const followUp = await stores.prisma.scheduledJob.findFirst({
      where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB, id: { contains: '+follow-up@' } },
    });
    expect(followUp?.id).toBe(followUpTimerId(PURGE_IDEMPOTENCY_KEYS_JOB, followUp?.dueAt ?? new Date(0)));
    expect(Math.abs((followUp?.dueAt.getTime() ?? 0) - (stores.clock.nowMs() + 60_000))).toBeLessThan(10_000);
  });

  it('ensureIdempotencyPurgeScheduled seeds one timer, due now, and leaves an existing one alone', async () => {
    await stores.prisma.scheduledJob.deleteMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } });
    await purge().ensureScheduled();
    await purge().ensureScheduled();
    const timers = await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } });
    expect(timers).toHaveLength(1);
    expect(timers[0]?.payload).toEqual({
      name: PURGE_IDEMPOTENCY_KEYS_JOB,
      batchSize: DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE,
    });
    expect(timers[0]?.dueAt.getTime()).toBeLessThanOrEqual(stores.clock.nowMs());
  });

  it('a started worker seeds the timer and its job purges expired keys', async () => {
    await stores.prisma.idempotencyKey.deleteMany({});
    await stores.prisma.scheduledJob.deleteMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } });
    await seedKeys(bob, 'worker-old', 3, new Date(stores.clock.nowMs() - 1000));
    await seedKeys(bob, 'worker-live', 1, new Date(stores.clock.nowMs() + HOUR_MS));
    let worker: WorkerProcess | undefined;
    try {
      worker = await createWorkerProcess(
        await testConfig({ DATABASE_URL: config.databaseUrl, SCHEDULER_TICK_MS: '50' }),
        { queuePrefix: `idem-${newId('q', 8)}` },
      );
      await worker.start();
      const deadline = Date.now() + 15_000;
      while ((await stores.prisma.idempotencyKey.count()) > 1) {
        if (Date.now() > deadline) throw new Error('the purge job did not run');
        await sleep(50);
      }
      expect((await stores.prisma.idempotencyKey.findMany()).map((row) => row.key)).toEqual(['worker-live-0']);
      // The next hour's timer, on the hour, written when the first one fired: in the transaction
      // that enqueued the job, which may commit after the job has already run on a busy machine.
      const onTheHour = async () =>
        (await stores.prisma.scheduledJob.findMany({ where: { jobName: PURGE_IDEMPOTENCY_KEYS_JOB } })).filter(
          (timer) => timer.dueAt.getTime() % HOUR_MS === 0,
        );
      await expect.poll(async () => (await onTheHour()).length, { timeout: 5000 }).toBe(1);
      const nextHour = await onTheHour();
      expect(nextHour.map((timer) => timer.dueAt.getTime() > stores.clock.nowMs())).toEqual([true]);
      const [timer] = nextHour;
      expect(timer?.id).toBe(periodicTimerId(PURGE_IDEMPOTENCY_KEYS_JOB, timer?.dueAt ?? new Date(0)));
      expect(timer?.queue).toBe(JOB_QUEUE[PURGE_IDEMPOTENCY_KEYS_JOB]);
      expect(timer?.periodMs).toBe(BigInt(HOUR_MS));
      expect(timer?.payload).toEqual({
        name: PURGE_IDEMPOTENCY_KEYS_JOB,
        batchSize: DEFAULT_IDEMPOTENCY_PURGE_BATCH_SIZE,
      });
    } finally {
      await worker?.close();
    }
  });
});
