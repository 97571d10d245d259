import { Injectable } from '@nestjs/common';
import type { MemberId, PaymentLinkStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { PAYMENT_LINK_STATUS, type PaymentLink } from './payment-link-row.js';
import { olderThan } from '../list-clauses.js';

/** A payment link about to be stored: every column but those a new row always starts with. */
export type NewPaymentLink = Omit<
  Prisma.PaymentLinkUncheckedCreateInput,
  'version' | 'usedCount' | 'usedAmount' | 'startedCount' | 'status'
> & { readonly status: PaymentLinkStatus };

/** What a change writes. Absent fields keep their value (a change without a status moves no status). */
export interface PaymentLinkChange {
  readonly status?: PaymentLinkStatus;
  readonly updatedAt: Date;
  readonly usedCount?: number;
  readonly usedAmount?: string;
  readonly startedCount?: number;
}

/** GET /v2/payment-links filters, as the repository applies them. */
export interface PaymentLinkListFilter {
  readonly ids?: readonly string[];
  readonly statuses?: readonly string[];
  readonly onBehalfOfId?: string;
  readonly externalPsuReference?: string;
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
  readonly expiresAfter?: Date;
  readonly expiresBefore?: Date;
}

/** A page position: the last row's creation time and id (newest first). */
export interface PaymentLinkCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** Pay by Link: payment links and their usage counts. */
@Injectable()
export class PaymentLinkRepository extends Repository {
  insert(row: NewPaymentLink): Promise<PaymentLink> {
    return this.db.paymentLink.create({ data: row }).then(PAYMENT_LINK_STATUS.row);
  }

  /** The member's payment link, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<PaymentLink | null> {
    return this.db.paymentLink.findFirst({ where: { id, memberId } }).then(PAYMENT_LINK_STATUS.rowOrNull);
  }

  /** For workers, which act for whichever member owns the link. */
  findById(id: string): Promise<PaymentLink | null> {
    return this.db.paymentLink.findUnique({ where: { id } }).then(PAYMENT_LINK_STATUS.rowOrNull);
  }

  /** The link of a public page (the token is its only credential; cross-member by design). */
  findByPageToken(pageToken: string): Promise<PaymentLink | null> {
    return this.db.paymentLink.findUnique({ where: { pageToken } }).then(PAYMENT_LINK_STATUS.rowOrNull);
  }

  /** One page of the member's links, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(
    memberId: MemberId,
    filter: PaymentLinkListFilter,
    limit: number,
    cursor?: PaymentLinkCursor,
  ): Promise<PaymentLink[]> {
    const and: Prisma.PaymentLinkWhereInput[] = [{ memberId }];
    if (filter.ids !== undefined) and.push({ id: { in: [...filter.ids] } });
    if (filter.statuses !== undefined) and.push({ status: { in: [...filter.statuses] } });
    if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
    if (filter.externalPsuReference !== undefined) and.push({ externalPsuReference: filter.externalPsuReference });
    if (filter.createdAfter !== undefined) and.push({ createdAt: { gte: filter.createdAfter } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lte: filter.createdBefore } });
    if (filter.expiresAfter !== undefined) and.push({ expiresAt: { gte: filter.expiresAfter } });
    if (filter.expiresBefore !== undefined) and.push({ expiresAt: { lte: filter.expiresBefore } });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.paymentLink
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(PAYMENT_LINK_STATUS.rows);
  }

  /** The statuses of the member's links among `ids` (for the payments made through them), by link id. */
  async statusesForMember(memberId: MemberId, ids: readonly string[]): Promise<ReadonlyMap<string, PaymentLinkStatus>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.paymentLink.findMany({
      where: { memberId, id: { in: [...new Set(ids)] } },
      select: { id: true, status: true },
    });
    return new Map(rows.map((row) => [row.id, PAYMENT_LINK_STATUS.parse(row.status)]));
  }

  /** The row locked for the caller's transaction (FOR UPDATE), or null. Call on a repository bound with in(tx). */
  async lock(id: string): Promise<PaymentLink | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM payment_link WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0 ? null : this.findById(id);
  }

  /**
   * Writes `change` if the row is still at `expected`'s version (and bumps it): the row as
   * changed, or null when someone changed it first.
   */
  async update(expected: Pick<PaymentLink, 'id' | 'version'>, change: PaymentLinkChange): Promise<PaymentLink | null> {
    const written = await this.db.paymentLink.updateMany({
      where: { id: expected.id, version: expected.version },
      data: { ...change, version: { increment: 1 } },
    });
    return written.count === 0 ? null : this.findById(expected.id);
  }
}
