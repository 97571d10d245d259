import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { isJobName, type JobName, type QueueName } from '#libs/common';
import { checkJobWiring, type DiscoveredProcessor } from './check-job-wiring.js';
import { QueueConsumerMarker } from './consumes-queue.js';
import { JobProcessorMarker, type JobProcessor } from './job-processor.js';

function ownerName(instance: unknown): string {
  return (instance as { constructor?: { name?: string } } | undefined)?.constructor?.name ?? 'unknown';
}

/**
 * The processors of the worker's modules by job name, discovered at module init. Start-up fails
 * (checkJobWiring) when a job name has no processor or two, or a queue has no consumer.
 */
@Injectable()
export class JobProcessorRegistry implements OnModuleInit {
  private readonly byName = new Map<JobName, JobProcessor>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const processors: DiscoveredProcessor[] = this.discovery
      .getProviders({ metadataKey: JobProcessorMarker.KEY })
      .map((wrapper) => ({
        name: this.discovery.getMetadataByDecorator(JobProcessorMarker, wrapper) ?? '',
        owner: ownerName(wrapper.instance),
        processor: wrapper.instance as unknown,
      }));
    const consumers = this.discovery
      .getProviders({ metadataKey: QueueConsumerMarker.KEY })
      .map((wrapper) => this.discovery.getMetadataByDecorator(QueueConsumerMarker, wrapper))
      .filter((queue): queue is QueueName => queue !== undefined);
    checkJobWiring({ processors, consumers });
    for (const { name, processor } of processors) {
      if (isJobName(name)) this.byName.set(name, processor as JobProcessor);
    }
  }

  /** Every processor, in module order. */
  all(): readonly JobProcessor[] {
    return [...this.byName.values()];
  }

  processorOf<N extends JobName>(name: N): JobProcessor<N> {
    const processor = this.byName.get(name);
    if (processor === undefined) throw new Error(`No processor for job ${name}`);
    return processor as unknown as JobProcessor<N>;
  }

  /**
   * Runs one job: its name picks the processor, its data is that job's payload (the name it
   * carries must agree). Whatever the processor throws goes back to BullMQ.
   */
  async run(job: { readonly name: string; readonly data: unknown }): Promise<unknown> {
    if (!isJobName(job.name)) throw new Error(`No processor for job ${job.name}`);
    const payloadName = (job.data as { name?: unknown } | null)?.name;
    if (payloadName !== job.name) throw new Error(`Job ${job.name} carries a payload of ${String(payloadName)}`);
    const processor = this.byName.get(job.name);
    if (processor === undefined) throw new Error(`No processor for job ${job.name}`);
    // The name picked the processor whose payload type this data has.
    return processor.process(job.data as never);
  }
}
