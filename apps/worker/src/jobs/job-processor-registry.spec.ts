import 'reflect-metadata';
import { Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_QUEUES, JOB_QUEUE, type JobName, type QueueName } from '#libs/common';
import { ConsumesQueue } from './consumes-queue.js';
import { JobProcessorRegistry } from './job-processor-registry.js';
import { ProcessesJob, type JobProcessor } from './job-processor.js';

const JOB_NAMES = Object.keys(JOB_QUEUE) as JobName[];

function processorFor<N extends JobName>(name: N): Type<JobProcessor<N>> {
  @ProcessesJob(name)
  class Processor implements JobProcessor<N> {
    readonly onWorkerStart = (): Promise<void> => Promise.resolve();
    process(): Promise<unknown> {
      return Promise.resolve(`ran ${name}`);
    }
  }
  return Processor;
}

function consumerOf(queue: QueueName): Type {
  @ConsumesQueue(queue)
  class Consumer {}
  return Consumer;
}

/** A Nest application context with the registry and the given domain modules. */
async function boot(
  domains: readonly Type[],
  queues: readonly QueueName[] = ALL_QUEUES,
): Promise<INestApplicationContext> {
  @Module({ imports: [DiscoveryModule, ...domains], providers: [JobProcessorRegistry, ...queues.map(consumerOf)] })
  class Root {}
  return NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
}

function domainWith(names: readonly JobName[]): Type {
  @Module({ providers: names.map(processorFor) })
  class Domain {}
  return Domain;
}

const open: INestApplicationContext[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

describe('job processor registry', () => {
  it('discovers one processor per job name across modules and runs a job by its name', async () => {
    const app = await boot([domainWith(JOB_NAMES.slice(0, 2)), domainWith(JOB_NAMES.slice(2))]);
    open.push(app);
    const registry = app.get(JobProcessorRegistry);
    expect(registry.all()).toHaveLength(JOB_NAMES.length);
    await expect(
      registry.run({ name: 'payments.poll', data: { name: 'payments.poll', paymentId: 'p1' } }),
    ).resolves.toBe('ran payments.poll');
    await expect(registry.run({ name: 'payments.unknown', data: { name: 'payments.unknown' } })).rejects.toThrow(
      /No processor for job payments\.unknown/,
    );
    await expect(registry.run({ name: 'payments.poll', data: { name: 'webhooks.deliver' } })).rejects.toThrow(
      /carries a payload of webhooks\.deliver/,
    );
  });

  it('fails start-up when a job name has no processor', async () => {
    await expect(boot([domainWith(JOB_NAMES.filter((name) => name !== 'payments.poll'))])).rejects.toThrow(
      /inconsistent: missing payments\.poll; unknown none; duplicate none/,
    );
  });

  it('fails start-up when a job name has two processors', async () => {
    await expect(boot([domainWith(JOB_NAMES), domainWith(['payments.poll'])])).rejects.toThrow(
      /missing none; unknown none; duplicate payments\.poll \(Processor and Processor\)/,
    );
  });

  it('fails start-up when a queue a job name maps to has no consumer, or two', async () => {
    await expect(boot([domainWith(JOB_NAMES)], ['timers', 'bank-polling'])).rejects.toThrow(
      /queues without a consumer webhooks; queues with several consumers none/,
    );
    await expect(boot([domainWith(JOB_NAMES)], [...ALL_QUEUES, 'timers'])).rejects.toThrow(
      /queues without a consumer none; queues with several consumers timers/,
    );
  });
});
