import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDataStores, openDataStores, type DataStores } from '#libs/db';
import { DAY_MS, ensurePeriodicTimer, nextPeriodBoundary } from '#libs/db';
import { testConfig } from '../support/test-env.js';

const JOB = 'maintenance.purge-webhook-history';

/**
 * Workers starting at once each make sure the periodic jobs have a timer: three processes (three
 * pools, real Postgres) ensuring the same job's timer at the same moment, each with its own clock
 * reading, leave one timer, round after round.
 */
describe('periodic timers ensured by workers starting at once', () => {
  const workers: DataStores[] = [];

  beforeAll(async () => {
    const config = await testConfig();
    for (let i = 0; i < 3; i += 1) workers.push(await openDataStores(config, { service: `start-${i}`, poolSize: 2 }));
  });
  afterAll(async () => {
    await Promise.all(workers.map((stores) => closeDataStores(stores)));
  });

  it('three workers ensuring a periodic timer at once write one, whatever their clocks read', async () => {
    const [first] = workers;
    for (let round = 0; round < 10; round += 1) {
      await first.prisma.scheduledJob.deleteMany({ where: { jobName: JOB } });
      const now = Date.now();
      await Promise.all(
        workers.map((stores, i) =>
          ensurePeriodicTimer(stores.repositories.scheduledJobs, { name: JOB }, DAY_MS, new Date(now + i)),
        ),
      );
      expect(await first.prisma.scheduledJob.count({ where: { jobName: JOB } }), `round ${round}`).toBe(1);
    }
  });

  it('a job that has a timer (its next period, or a follow-up) gets no other', async () => {
    const [stores] = workers;
    const timers = stores.repositories.scheduledJobs;
    await stores.prisma.scheduledJob.deleteMany({ where: { jobName: JOB } });
    const now = new Date();
    await timers.schedule(`${JOB}@next`, { name: JOB }, nextPeriodBoundary(now, DAY_MS), 'timers');
    await Promise.all(
      workers.map((w) => ensurePeriodicTimer(w.repositories.scheduledJobs, { name: JOB }, DAY_MS, now)),
    );
    expect((await stores.prisma.scheduledJob.findMany({ where: { jobName: JOB } })).map((row) => row.id)).toEqual([
      `${JOB}@next`,
    ]);
  });
});
