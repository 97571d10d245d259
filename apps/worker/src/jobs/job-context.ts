import type { Clock } from '#libs/common';
import type { BankConnectors } from '#libs/connectors';
import type { Repositories } from '#libs/db';
import type { PaymentProgression } from '#libs/application';
import type { Logger } from 'pino';
import type { WebhookRuntime } from '../webhooks/webhook-runtime.js';

/** What a job handler may use. Handlers are thin: parse, build a command, call a use case. */
export interface JobContext {
  /** Every repository of the process (the worker's only access to Postgres). */
  readonly repositories: Repositories;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Signing keys, the HTTP sender and settings of webhook delivery. */
  readonly webhooks: WebhookRuntime;
  /** Connectors for stored banks (cached while a bank's row is unchanged). */
  readonly bankConnectors: BankConnectors;
  /** Payment moves from bank answers and timers (expiry, 30-day rule). */
  readonly payments: PaymentProgression;
}

/** Injection token of the worker's JobContext. */
export const JOB_CONTEXT = Symbol('JOB_CONTEXT');
