import type { JobPayload } from '#libs/common';

/** The job that makes one attempt of a delivery. */
export function deliverJob(deliveryId: string): JobPayload {
  return { name: 'webhooks.deliver', deliveryId };
}

/**
 * Id of the timer (and so of the BullMQ job) for attempt `attempt` of round `round`. A tag
 * makes a second timer for the same attempt (resume, recovery), since BullMQ ignores a job id
 * it still remembers.
 */
export function deliveryTimerId(deliveryId: string, round: number, attempt: number, tag?: string): string {
  return `webhook:${deliveryId}:${round}:${attempt}${tag === undefined ? '' : `:${tag}`}`;
}
