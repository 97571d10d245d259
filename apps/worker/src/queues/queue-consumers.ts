import { QueueName } from '#libs/common';
import { ConsumesQueue } from '../jobs/consumes-queue.js';
import { QueueConsumer } from '../jobs/queue-consumer.js';

/** Jobs the scheduler tick makes from due timer rows (maintenance, bank status probes). */
@ConsumesQueue(QueueName.Timers)
export class TimersConsumer extends QueueConsumer {}

/** Webhook delivery attempts. */
@ConsumesQueue(QueueName.Webhooks)
export class WebhooksConsumer extends QueueConsumer {}

/** Payment status polls. */
@ConsumesQueue(QueueName.BankPolling)
export class BankPollingConsumer extends QueueConsumer {}

export const QUEUE_CONSUMERS = [TimersConsumer, WebhooksConsumer, BankPollingConsumer] as const;
