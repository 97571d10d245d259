import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { StatusHistoryRepository, type StatusChange } from '#libs/db';

const MAX_RESOURCE_ID_LENGTH = 100;

export interface ReadStatusHistoryCommand {
  readonly resourceId: string;
  readonly limit: number;
  /** The opaque offset of the previous page. */
  readonly offset: string | undefined;
}

/** One status change as the operator reads it. */
export interface StatusChangeView {
  readonly changedDateTime: string;
  readonly fromStatus?: string;
  readonly toStatus: string;
  readonly reason?: string;
  readonly eventId: string;
}

/** A page of a resource's status history, oldest first. */
export interface StatusHistoryPage {
  readonly resourceId: string;
  readonly resourceType: string;
  readonly memberId: string;
  readonly changes: StatusChangeView[];
  readonly paging: { readonly limit: number; readonly offset?: string };
}

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

  async execute({ resourceId, limit, offset }: ReadStatusHistoryCommand): Promise<StatusHistoryPage> {
    if (resourceId.length > MAX_RESOURCE_ID_LENGTH)
      throw GatewayError.invalidField('resourceId', `resourceId must be at most ${MAX_RESOURCE_ID_LENGTH} characters`);
    const after = offset === undefined ? undefined : decodeOffset(offset);
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
