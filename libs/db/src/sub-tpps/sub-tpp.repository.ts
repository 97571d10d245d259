import { Injectable } from '@nestjs/common';
import type { MemberId, SubTppStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { olderThan } from '../list-clauses.js';
import { SUB_TPP_STATUS, type SubTpp } from './sub-tpp-row.js';

/** A sub-TPP about to be stored. */
export type NewSubTpp = Omit<Prisma.SubTppUncheckedCreateInput, 'status' | 'deletedAt'> & {
  readonly status: SubTppStatus;
};

/** GET /member/sub-tpps filters, as the repository applies them. */
export interface SubTppListFilter {
  /** Legal entity or business names (exact, case-insensitive); any one matches. */
  readonly companyNames?: readonly string[];
  /** Creation dates (YYYY-MM-DD, UTC); any one matches. */
  readonly registrationDates?: readonly string[];
}

/** A page position: the last row's creation time and id (newest first). */
export interface SubTppCursor {
  readonly createdAt: Date;
  readonly id: string;
}

const DAY_MS = 86_400_000;

/** A reseller member's sub-TPPs. Every method is scoped to the member; deleted rows are never answered. */
@Injectable()
export class SubTppRepository extends Repository {
  insert(row: NewSubTpp): Promise<SubTpp> {
    return this.db.subTpp.create({ data: row }).then(SUB_TPP_STATUS.row);
  }

  /** The member's sub-TPP (not deleted), or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<SubTpp | null> {
    return this.db.subTpp.findFirst({ where: { id, memberId, deletedAt: null } }).then(SUB_TPP_STATUS.rowOrNull);
  }

  /**
   * The name of the sub-TPP `id` of the member owning a stored row (a token request acting for it),
   * not deleted; undefined otherwise (also for another member's id).
   */
  async nameOfOwner(ownerId: string, id: string): Promise<string | undefined> {
    const found = await this.db.subTpp.findFirst({
      where: { id, memberId: ownerId, deletedAt: null },
      select: { name: true },
    });
    return found?.name;
  }

  /** Whether `id` is one of the member's sub-TPPs, not deleted and ACTIVATED. */
  async isActive(memberId: MemberId, id: string): Promise<boolean> {
    const found = await this.db.subTpp.count({ where: { id, memberId, deletedAt: null, status: 'ACTIVATED' } });
    return found > 0;
  }

  /** One page of the member's sub-TPPs, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(memberId: MemberId, filter: SubTppListFilter, limit: number, cursor?: SubTppCursor): Promise<SubTpp[]> {
    const and: Prisma.SubTppWhereInput[] = [{ memberId, deletedAt: null }];
    if (filter.companyNames !== undefined && filter.companyNames.length > 0)
      and.push({
        OR: filter.companyNames.flatMap((name) => [
          { name: { equals: name, mode: 'insensitive' as const } },
          { merchant: { path: ['legalEntityName'], equals: name } },
        ]),
      });
    if (filter.registrationDates !== undefined && filter.registrationDates.length > 0)
      and.push({
        OR: filter.registrationDates.map((date) => {
          const start = new Date(`${date}T00:00:00.000Z`);
          return { createdAt: { gte: start, lt: new Date(start.getTime() + DAY_MS) } };
        }),
      });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.subTpp
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(SUB_TPP_STATUS.rows);
  }

  /** The direct children (not deleted) of the member's sub-TPP, oldest first. */
  childrenOf(memberId: MemberId, parentId: string): Promise<SubTpp[]> {
    return this.db.subTpp
      .findMany({
        where: { memberId, parentSubTppId: parentId, deletedAt: null },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      })
      .then(SUB_TPP_STATUS.rows);
  }

  /** The ids of the direct children (not deleted) of each of `parentIds`. */
  async childIdsOf(memberId: MemberId, parentIds: readonly string[]): Promise<Map<string, string[]>> {
    const children = new Map<string, string[]>(parentIds.map((id) => [id, []]));
    if (parentIds.length === 0) return children;
    const rows = await this.db.subTpp.findMany({
      where: { memberId, parentSubTppId: { in: [...parentIds] }, deletedAt: null },
      select: { id: true, parentSubTppId: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    for (const row of rows) if (row.parentSubTppId !== null) children.get(row.parentSubTppId)?.push(row.id);
    return children;
  }

  /** Marks the member's sub-TPP deleted (DEACTIVATED): false when it is not the member's or already deleted. */
  async markDeleted(memberId: MemberId, id: string, at: Date): Promise<boolean> {
    const written = await this.db.subTpp.updateMany({
      where: { id, memberId, deletedAt: null },
      data: { status: 'DEACTIVATED', deletedAt: at, updatedAt: at },
    });
    return written.count > 0;
  }
}
