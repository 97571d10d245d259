import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { StatusHistoryRepository, type StatusChange } from '#libs/db';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
import type { StatusChangeView, StatusHistoryQuery, StatusHistoryResponse } from './status-history.dto.js';

const MAX_RESOURCE_ID_LENGTH = 100;

function decodeOffset(offset: string): bigint {
  if (!/^\d{1,19}$/.test(offset)) throw GatewayError.invalidField('offset', 'offset is not one this API handed out');
  return BigInt(offset);
}

function changeView(change: StatusChange): StatusChangeView {
  return {
    changedDateTime: change.occurredAt.toISOString(),
    ...(change.fromStatus === null ? {} : { fromStatus: change.fromStatus }),
    toStatus: change.toStatus,
    ...(change.reason === null ? {} : { reason: change.reason }),
    eventId: change.eventId,
  };
}

/**
 * An operator's read of a resource's status history (any member's): every change, oldest first,
 * paged. It outlives the webhook retention, which purges the events and their deliveries.
 */
@Injectable()
export class ReadStatusHistoryUseCase {
  constructor(private readonly history: StatusHistoryRepository) {}

  async execute(resourceId: string, query: StatusHistoryQuery): Promise<StatusHistoryResponse> {
    if (resourceId.length > MAX_RESOURCE_ID_LENGTH)
      throw GatewayError.invalidField('resourceId', `resourceId must be at most ${MAX_RESOURCE_ID_LENGTH} characters`);
    const limit = query.limit ?? ADMIN_PAGE_LIMIT.default;
    const after = query.offset === undefined ? undefined : decodeOffset(query.offset);
    const rows = await this.history.changesOf(resourceId, after, limit + 1);
    const page = rows.slice(0, limit);
    const first = page[0] ?? (await this.history.changesOf(resourceId, undefined, 1))[0];
    if (first === undefined) throw GatewayError.notFound(resourceId, `No status history for ${resourceId}.`);
    const last = page.at(-1);
    return {
      resourceId,
      resourceType: first.resourceType,
      memberId: first.memberId,
      changes: page.map(changeView),
      paging: { limit, ...(rows.length > limit && last !== undefined ? { offset: String(last.seq) } : {}) },
    };
  }
}
