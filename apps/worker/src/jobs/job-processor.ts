import { Injectable, applyDecorators } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { JobName, PayloadOf } from '#libs/common';

/**
 * The processor of one job name: takes the job's payload, builds the use case's command and
 * calls it. A failure is thrown on, so BullMQ runs the job again (attempts and back-off are the
 * queue's default job options).
 */
export interface JobProcessor<N extends JobName = JobName> {
  process(payload: PayloadOf<N>): Promise<unknown>;
  /**
   * Runs once when the worker starts, before any job is taken: seeds the first timer of a job
   * that reschedules itself, loads what every job needs.
   */
  onWorkerStart?(): Promise<void>;
}

/** Marks a provider as the processor of a job name; the registry discovers it at start-up. */
export const JobProcessorMarker = DiscoveryService.createDecorator<JobName>();

/**
 * `@ProcessesJob('payments.poll')` on a provider class whose `process` takes that job's payload
 * (a mismatch is a compile error). The class is registered as a provider of its domain module.
 */
export function ProcessesJob<N extends JobName>(
  name: N,
): (target: abstract new (...args: never[]) => JobProcessor<N>) => void {
  const decorate = applyDecorators(Injectable(), JobProcessorMarker(name));
  return (target) => {
    decorate(target);
  };
}
