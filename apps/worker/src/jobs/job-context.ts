import type { Clock } from '#libs/common';
import type { ConnectorRegistry } from '#libs/connectors';
import type { PrismaService } from '#libs/db';
import type { Logger } from 'pino';
import type { WebhookRuntime } from '../webhooks/webhook-runtime.js';

/** What a job handler may use. Handlers are thin: parse, build a command, call a use case. */
export interface JobContext {
  readonly prisma: PrismaService;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Signing keys, the HTTP sender and settings of webhook delivery. */
  readonly webhooks: WebhookRuntime;
  /** Bank connectors (one per bank, built on first use). */
  readonly connectors: ConnectorRegistry;
}
