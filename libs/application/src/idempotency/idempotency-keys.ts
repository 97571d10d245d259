import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, GatewayError, LOGGER, type AppConfig } from '#libs/common';
import { IdempotencyKeyRepository, type StoredResponse } from '#libs/db';
import type { MemberId } from '#libs/domain';

export type { StoredResponse } from '#libs/db';

/**
 * An IN_FLIGHT reservation this old belongs to a process that died mid-request (no request runs
 * this long: bank calls have deadlines of at most 5 minutes); a new request may take the key over.
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;

/** A key this request holds: its work's answer is then `complete`d, or the key `release`d. */
export interface HeldKey {
  readonly memberId: MemberId;
  readonly key: string;
  readonly reservedAt: Date;
}

/** What taking a key found: the key is this request's, or an earlier request's answer to replay. */
export type KeyClaim =
  { readonly kind: 'held'; readonly held: HeldKey } | { readonly kind: 'replay'; readonly answer: StoredResponse };

/**
 * The member's Idempotency-Keys, kept in Postgres for IDEMPOTENCY_TTL_HOURS: a key is taken by the
 * first request (IN_FLIGHT), holds that request's answer once stored (COMPLETED), or is released
 * for a retry. A repeat with another request's fingerprint is refused (422), one while the first
 * still runs asked to come back (409 with Retry-After).
 */
@Injectable()
export class IdempotencyKeys {
  private readonly ttlMs: number;

  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.ttlMs = config.idempotency.ttlHours * 3600_000;
  }

  /** Takes `key` for the request with `fingerprint`, or answers the earlier request's stored answer. */
  async claim(memberId: MemberId, key: string, fingerprint: string): Promise<KeyClaim> {
    const now = this.clock.now();
    const reservation = await this.keys.reserve(memberId, {
      key,
      fingerprint,
      now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      abandonedBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
    });
    if (reservation.kind === 'reserved')
      return { kind: 'held', held: { memberId, key, reservedAt: reservation.reservedAt } };
    const row = reservation.row;
    if (row.fingerprint !== fingerprint)
      throw new GatewayError('IDEMPOTENCY_KEY_REUSED', {
        message:
          'This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new request.',
      });
    if (row.state !== 'COMPLETED' || row.responseStatus === null || row.responseBody === null)
      throw new GatewayError('IDEMPOTENCY_KEY_IN_USE', { retryAfterSeconds: 1 });
    return {
      kind: 'replay',
      answer: {
        status: row.responseStatus,
        headers: (row.responseHeaders ?? {}) as Record<string, string>,
        body: row.responseBody,
      },
    };
  }

  /**
   * Stores the answer of the request that holds the key. A failure to store is logged, never
   * turned into an error answer: the work is done and the client must learn its outcome. The key
   * then stays IN_FLIGHT until abandoned.
   */
  async complete(held: HeldKey, answer: StoredResponse): Promise<void> {
    try {
      const stored = await this.keys.complete(held.memberId, held.key, held.reservedAt, answer);
      if (!stored)
        this.logger.warn(
          { memberId: held.memberId },
          'Idempotency-Key reservation was taken over before its answer was stored',
        );
    } catch (error) {
      this.logger.error({ memberId: held.memberId, err: error }, 'could not store the answer of an Idempotency-Key');
    }
  }

  /** Frees the key after a server error, so the client may retry; a failure to free is logged. */
  async release(held: HeldKey, traceId: string): Promise<void> {
    try {
      await this.keys.release(held.memberId, held.key, held.reservedAt);
    } catch (error) {
      this.logger.error({ traceId, err: error }, 'could not release an Idempotency-Key after a failure');
    }
  }
}
