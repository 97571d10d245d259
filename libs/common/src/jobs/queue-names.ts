/** Every BullMQ queue of the gateway, named once. */
export const QueueName = Object.freeze({
  /** Jobs produced by the scheduler tick from due timer rows. */
  Timers: 'timers',
  /** Webhook deliveries (one job per event and subscriber). */
  Webhooks: 'webhooks',
  /** Bank status polls of non-final payments, transfers, refunds and payouts. */
  BankPolling: 'bank-polling',
} as const);

export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const ALL_QUEUES: readonly QueueName[] = Object.values(QueueName);
