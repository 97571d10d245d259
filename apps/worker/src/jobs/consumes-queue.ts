import { applyDecorators } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { Processor } from '@nestjs/bullmq';
import type { QueueName } from '#libs/common';

/** Marks a provider as the consumer of a queue; the registry counts consumers at start-up. */
export const QueueConsumerMarker = DiscoveryService.createDecorator<QueueName>();

/**
 * `@ConsumesQueue('timers')`: a BullMQ worker on that queue (`@Processor`), created at module
 * init but not running: the worker's start() runs it, after the start-up tasks.
 */
export function ConsumesQueue(queue: QueueName): ClassDecorator {
  return applyDecorators(Processor(queue, { autorun: false }), QueueConsumerMarker(queue));
}
