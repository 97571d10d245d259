import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, LOGGER, type PayloadOf } from '#libs/common';
import { WebhookDeliveryRepository, type AttemptOutcome } from '#libs/db';
import { isOutboxEventType, nextAttemptAt, parseRetryAfter, signWebhook, tokenEventHeader } from '#libs/events';
import { WEBHOOK_RUNTIME, type WebhookRuntime } from './webhook-runtime.js';

/** Only a 2xx acknowledges (the interface asks for 200; 201, 202 and 204 are accepted too). */
export function isAcknowledged(statusCode: number | undefined): boolean {
  return statusCode !== undefined && statusCode >= 200 && statusCode < 300;
}

/** How far apart the clocks of the process that scheduled an attempt and the one running it may be. */
export const CLOCK_SKEW_MS = 5000;

/** Statuses whose Retry-After the next attempt honours. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** One attempt of one delivery (the payload of webhooks.deliver). */
export type DeliverWebhookCommand = PayloadOf<'webhooks.deliver'>;

/**
 * One attempt of one delivery: claim it (a lease, so a duplicate job does nothing), sign the
 * frozen body, POST it, and record the attempt with what follows (delivered; the next attempt's
 * time and timer row; or dead) in one transaction. A failed POST is an outcome, not an error:
 * the job only throws when the database does, and BullMQ then runs it again.
 */
@Injectable()
export class DeliverWebhookUseCase {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(WEBHOOK_RUNTIME) private readonly webhooks: WebhookRuntime,
  ) {}

  async execute(payload: DeliverWebhookCommand): Promise<string> {
    const { deliveries, clock, logger, webhooks } = this;
    const claimedAt = clock.now();
    const claimed = await deliveries.claim(
      payload.deliveryId,
      claimedAt,
      new Date(claimedAt.getTime() + webhooks.leaseMs),
      new Date(claimedAt.getTime() + CLOCK_SKEW_MS),
    );
    if (claimed === undefined) return 'not due';
    try {
      const key = await webhooks.keys.current();
      const attemptedAt = clock.now();
      const symmetricKeys = await webhooks.secrets.signingKeys(claimed.memberId, attemptedAt);
      const wallNowMs = webhooks.wallClock.nowMs();
      const headers = signWebhook({
        key,
        id: claimed.eventId,
        event: isOutboxEventType(claimed.eventType) ? tokenEventHeader(claimed.eventType) : claimed.eventType,
        body: claimed.body,
        timestampSeconds: Math.floor(wallNowMs / 1000),
        symmetricKeys,
      });
      const result = await webhooks.sender.send(claimed.url, headers, claimed.body);
      const endedAt = clock.now();
      const attemptNo = claimed.attemptCount + 1;
      let outcome: AttemptOutcome;
      if (isAcknowledged(result.statusCode)) {
        outcome = { kind: 'delivered', at: endedAt };
      } else {
        const retryAfterMs =
          result.statusCode !== undefined && RETRY_AFTER_STATUSES.has(result.statusCode)
            ? parseRetryAfter(result.retryAfter, webhooks.wallClock.nowMs())
            : undefined;
        const next = nextAttemptAt({
          firstAttemptAt: claimed.firstAttemptAt ?? attemptedAt,
          attemptsMade: attemptNo,
          now: endedAt,
          ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        });
        outcome =
          next === undefined ? { kind: 'dead', at: endedAt } : { kind: 'retry', at: endedAt, nextAttemptAt: next };
      }
      const recorded = await deliveries.record(
        claimed,
        {
          deliveryId: claimed.id,
          round: claimed.round,
          attemptNo,
          attemptedAt,
          url: claimed.url,
          kid: key.kid,
          statusCode: result.statusCode ?? null,
          latencyMs: result.latencyMs,
          error: result.error ?? null,
        },
        outcome,
      );
      webhooks.metrics?.attempts.inc({ outcome: outcome.kind });
      webhooks.metrics?.attemptSeconds.observe({ outcome: outcome.kind }, result.latencyMs / 1000);
      const log = {
        deliveryId: claimed.id,
        eventId: claimed.eventId,
        memberId: claimed.memberId,
        attempt: attemptNo,
        status: result.statusCode,
        outcome: outcome.kind,
        recorded,
      };
      if (outcome.kind === 'delivered') logger.debug(log, 'webhook delivered');
      else
        logger.info(
          {
            ...log,
            error: result.error,
            ...(outcome.kind === 'retry' ? { next: outcome.nextAttemptAt.toISOString() } : {}),
          },
          'webhook attempt failed',
        );
      return outcome.kind;
    } catch (error) {
      await deliveries.release(claimed).catch(() => undefined);
      throw error;
    }
  }
}
