import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_QUEUE, type ConnectedConfig } from '#libs/common';
import { SharedClock } from '#libs/db';
import { createWorkerProcess, type WorkerProcess } from '../../apps/worker/src/create-worker-process.js';
import { DAY_MS, nextPeriodBoundary } from '#libs/db';
import { PURGE_JOB, PurgeRevokedApiKeysUseCase } from '#libs/application';
import { testConfig } from '../support/test-env.js';

const QUEUE = JOB_QUEUE[PURGE_JOB];

async function waitFor(what: string, predicate: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/**
 * A worker fires a periodic job's timer and dies before the run is done (its job is still in the
 * queue); another worker starts, makes sure the periodic jobs have their timers, and runs what is
 * queued. The period still runs once, and so does the next one: real Postgres, Redis and worker.
 */
describe('a periodic job across a worker restart', () => {
  const open: WorkerProcess[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((proc) => proc.close()));
  });

  const worker = async (config: ConnectedConfig, queuePrefix: string): Promise<WorkerProcess> => {
    const proc = await createWorkerProcess(config, { queuePrefix });
    open.push(proc);
    return proc;
  };

  it('runs each period once when a worker starts between the firing of its timer and its run', async () => {
    const config = await testConfig({ SCHEDULER_TICK_MS: '50' });
    const prefix = `restart-${randomBytes(4).toString('hex')}`;

    // The first worker: its start-up ensures the timer, its tick fires it, then it dies with the
    // run not yet done (no queue consumer ever took the job).
    const first = await worker(config, prefix);
    await first.http.get(PurgeRevokedApiKeysUseCase).ensureScheduled();
    expect(await first.scheduler.tick()).toBe(1);
    const queue = first.queues.queue(QUEUE);
    expect((await queue.getJobs(['waiting'])).filter((job) => job.name === PURGE_JOB)).toHaveLength(1);
    await first.close();
    open.splice(open.indexOf(first), 1);

    // The worker that takes over: it ensures the periodic timers at start and runs what is queued.
    const second = await worker(config, prefix);
    const { prisma, clock } = second.stores;
    const jobs = second.queues.queue(QUEUE);
    /** The periods the job ran in (its BullMQ job ids end with the due time of the timer fired). */
    const runPeriods = async (): Promise<number[]> =>
      (await jobs.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed']))
        .filter((job) => job.name === PURGE_JOB)
        .map((job) => Math.floor(Number(String(job.id).slice(String(job.id).lastIndexOf('@') + 1)) / DAY_MS))
        .sort();
    /** Settled: nothing of the job queued or running, and one timer ahead of the service clock. */
    const settled = async (): Promise<boolean> => {
      const pending = (await jobs.getJobs(['active', 'waiting', 'delayed'])).filter((job) => job.name === PURGE_JOB);
      const timers = await prisma.scheduledJob.findMany({ where: { jobName: PURGE_JOB } });
      return pending.length === 0 && timers.length > 0 && timers.every((row) => row.dueAt > clock.now());
    };
    await second.start();
    await waitFor('the queued run and the start-up of the second worker', async () => (await runPeriods()).length > 0);
    await sleep(300); // several ticks of the second worker
    await waitFor('the job settled', settled);

    const period = Math.floor(clock.nowMs() / DAY_MS);
    expect(await runPeriods()).toEqual([period]);
    const [timer, ...others] = await prisma.scheduledJob.findMany({ where: { jobName: PURGE_JOB } });
    expect(others).toEqual([]);
    expect(timer?.dueAt).toEqual(nextPeriodBoundary(clock.now(), DAY_MS));

    // The next day: its timer fires once, and the one after is written.
    if (!(clock instanceof SharedClock)) throw new Error('expected the sandbox SharedClock');
    await clock.advance(DAY_MS / 1000);
    await waitFor('the next period run', async () => (await runPeriods()).length > 1);
    await sleep(300);
    await waitFor('the job settled again', settled);
    expect(await runPeriods()).toEqual([period, period + 1]);
    expect((await prisma.scheduledJob.findMany({ where: { jobName: PURGE_JOB } })).map((row) => row.dueAt)).toEqual([
      nextPeriodBoundary(clock.now(), DAY_MS),
    ]);
  });
});
