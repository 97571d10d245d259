import { Injectable } from '@nestjs/common';
import type { MemberId } from '#libs/domain';
import type { IdempotencyKey, Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';

export type IdempotencyKeyState = 'IN_FLIGHT' | 'COMPLETED';

/** What a request with an Idempotency-Key found when it tried to reserve the key. */
export type Reservation =
  /** The key is this request's: run the handler, then `complete` or `release` with `reservedAt`. */
  | { readonly kind: 'reserved'; readonly reservedAt: Date }
  /** Another request holds (or held) the key: compare fingerprints, then replay or refuse. */
  | { readonly kind: 'existing'; readonly row: IdempotencyKey };

export interface StoredResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface ReserveRequest {
  readonly key: string;
  readonly fingerprint: string;
  readonly now: Date;
  readonly expiresAt: Date;
  /** An IN_FLIGHT reservation made at or before this time is abandoned (its process died) and may be taken over. */
  readonly abandonedBefore: Date;
}

/** Attempts of reserve(): a row may vanish between the insert and the read (released by a 5xx). */
const RESERVE_ATTEMPTS = 5;

/** Idempotency keys. Every method but the expiry purge is scoped by member. */
@Injectable()
export class IdempotencyKeyRepository extends Repository {
  /**
   * Reserves `key` for the member in one statement: a new row, or the takeover of an expired row
   * (or of an abandoned IN_FLIGHT one). A live row is left alone and answered as `existing`.
   * Concurrent requests with the same key are serialised by the primary key: exactly one reserves.
   */
  async reserve(memberId: MemberId, request: ReserveRequest): Promise<Reservation> {
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS; attempt += 1) {
      const reserved = await this.db.$queryRaw<Array<{ created_at: Date }>>`
        INSERT INTO idempotency_key (member_id, key, fingerprint, state, created_at, expires_at)
        VALUES (${memberId}, ${request.key}, ${request.fingerprint}, 'IN_FLIGHT', ${request.now}, ${request.expiresAt})
        ON CONFLICT (member_id, key) DO UPDATE SET
          fingerprint = EXCLUDED.fingerprint, state = 'IN_FLIGHT', response_status = NULL, response_headers = NULL,
          response_body = NULL, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        WHERE idempotency_key.expires_at <= ${request.now}
           OR (idempotency_key.state = 'IN_FLIGHT' AND idempotency_key.created_at <= ${request.abandonedBefore})
        RETURNING created_at`;
      const [row] = reserved;
      if (row !== undefined) return { kind: 'reserved', reservedAt: row.created_at };
      const existing = await this.db.idempotencyKey.findUnique({
        where: { memberId_key: { memberId, key: request.key } },
      });
      // Gone (released) or expired since the insert: try to reserve again.
      if (existing !== null && existing.expiresAt > request.now) return { kind: 'existing', row: existing };
    }
    throw new Error(`Idempotency-Key of member ${memberId} could not be reserved after ${RESERVE_ATTEMPTS} attempts`);
  }

  /** Stores the answer of the reservation made at `reservedAt`; false when it is no longer ours. */
  async complete(memberId: MemberId, key: string, reservedAt: Date, response: StoredResponse): Promise<boolean> {
    const result = await this.db.idempotencyKey.updateMany({
      where: { memberId, key, state: 'IN_FLIGHT', createdAt: reservedAt },
      data: {
        state: 'COMPLETED',
        responseStatus: response.status,
        responseHeaders: { ...response.headers } satisfies Prisma.InputJsonObject,
        responseBody: response.body,
      },
    });
    return result.count === 1;
  }

  /** Gives the key up (the request failed in a way the client may retry); false when it was no longer ours. */
  async release(memberId: MemberId, key: string, reservedAt: Date): Promise<boolean> {
    const result = await this.db.idempotencyKey.deleteMany({
      where: { memberId, key, state: 'IN_FLIGHT', createdAt: reservedAt },
    });
    return result.count === 1;
  }

  find(memberId: MemberId, key: string): Promise<IdempotencyKey | null> {
    return this.db.idempotencyKey.findUnique({ where: { memberId_key: { memberId, key } } });
  }

  /**
   * Deletes up to `limit` rows that expired at `now` (any member: retention, not member data).
   * Rows another transaction holds are skipped, and the expiry is checked again on the locked row,
   * so a key being taken over by a new request is never deleted.
   */
  async purgeExpired(now: Date, limit: number): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM idempotency_key
      WHERE expires_at <= ${now}
        AND (member_id, key) IN (
          SELECT member_id, key FROM idempotency_key WHERE expires_at <= ${now}
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)`;
  }
}
