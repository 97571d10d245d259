import { Injectable } from '@nestjs/common';
import { Repository } from '../repository.js';

/** One recorded status change of a resource, with the status it left (none for the first). */
export interface StatusChange {
  /** Its place in the history (insertion order); pages continue after it. */
  readonly seq: bigint;
  readonly eventId: string;
  readonly memberId: string;
  readonly resourceType: string;
  readonly resourceId: string;
  readonly fromStatus: string | null;
  readonly toStatus: string;
  readonly reason: string | null;
  readonly occurredAt: Date;
}

/**
 * The append-only status history (`status_history`), which a trigger on outbox_event writes in
 * the transaction of each status change; nothing in the application writes it. Cross-member: an
 * operator's read (the admin API).
 */
@Injectable()
export class StatusHistoryRepository extends Repository {
  /**
   * Up to `limit` changes of `resourceId`, oldest first, after the change numbered `after`; each
   * names the status before it over the whole history, not only the page.
   */
  async changesOf(resourceId: string, after: bigint | undefined, limit: number): Promise<StatusChange[]> {
    const rows = await this.db.$queryRaw<
      Array<{
        seq: bigint;
        event_id: string;
        member_id: string;
        resource_type: string;
        resource_id: string;
        from_status: string | null;
        to_status: string;
        reason: string | null;
        occurred_at: Date;
      }>
    >`
      SELECT * FROM (
        SELECT seq, event_id, member_id, resource_type, resource_id, lag(status) OVER (ORDER BY seq) AS from_status,
          status AS to_status, reason, occurred_at
        FROM status_history WHERE resource_id = ${resourceId}
      ) h
      WHERE seq > ${after ?? 0n}
      ORDER BY seq
      LIMIT ${limit}`;
    return rows.map((row) => ({
      seq: row.seq,
      eventId: row.event_id,
      memberId: row.member_id,
      resourceType: row.resource_type,
      resourceId: row.resource_id,
      fromStatus: row.from_status,
      toStatus: row.to_status,
      reason: row.reason,
      occurredAt: row.occurred_at,
    }));
  }
}
