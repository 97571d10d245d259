import { JOB_QUEUE, type QueueName } from '#libs/common';

export interface DiscoveredProcessor {
  /** The job name it was registered for. */
  readonly name: string;
  /** Where it comes from (its class), for the message. */
  readonly owner: string;
  readonly processor: unknown;
}

export interface JobWiring {
  readonly processors: readonly DiscoveredProcessor[];
  /** The queue of every discovered queue consumer, one entry each. */
  readonly consumers: readonly QueueName[];
}

function list(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.join(', ');
}

function hasProcessMethod(processor: unknown): boolean {
  return typeof (processor as { process?: unknown } | undefined)?.process === 'function';
}

/**
 * Start-up check: every job name has exactly one processor, no processor names an unknown job,
 * and every queue a job name maps to has exactly one consumer. Throws with what is wrong.
 */
export function checkJobWiring({ processors, consumers }: JobWiring): void {
  const names = Object.keys(JOB_QUEUE);
  const usable = processors.filter((entry) => hasProcessMethod(entry.processor));
  const missing = names.filter((name) => !usable.some((entry) => entry.name === name));
  const unknown = [...new Set(processors.filter((entry) => !names.includes(entry.name)).map((entry) => entry.name))];
  const duplicate = names
    .map((name) => processors.filter((entry) => entry.name === name))
    .filter((entries) => entries.length > 1)
    .map((entries) => `${entries[0]?.name ?? ''} (${entries.map((entry) => entry.owner).join(' and ')})`);
  const consumed = [...new Set(Object.values(JOB_QUEUE))];
  const unconsumed = consumed.filter((queue) => !consumers.includes(queue));
  const doubled = consumed.filter((queue) => consumers.filter((consumer) => consumer === queue).length > 1);
  if (missing.length + unknown.length + duplicate.length + unconsumed.length + doubled.length > 0) {
    throw new Error(
      `Job processors are inconsistent: missing ${list(missing)}; unknown ${list(unknown)}; duplicate ${list(duplicate)}; ` +
        `queues without a consumer ${list(unconsumed)}; queues with several consumers ${list(doubled)}`,
    );
  }
}
