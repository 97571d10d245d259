import { Injectable } from '@nestjs/common';
import type { MemberId, VrpConsentStatus } from '#libs/domain';
import type { Prisma } from '../generated/prisma/client.js';
import { jsonColumn } from '../json-column.js';
import { Repository } from '../repository.js';
import { olderThan } from '../list-clauses.js';
import { viewPool } from '../views/read-by-id.js';
import { readVrpConsentView, type VrpConsentView } from './vrp-consent-view-read.js';
import { VRP_CONSENT_STATUS, type VrpConsent } from './vrp-consent-row.js';

/** A VRP consent about to be stored: every column but those a new row always starts with. */
export type NewVrpConsent = Omit<Prisma.VrpConsentUncheckedCreateInput, 'version' | 'status'> & {
  readonly status: VrpConsentStatus;
};

/** What a status change (or a step within one status) writes. Absent fields keep their value. */
export interface VrpConsentChange {
  readonly status: VrpConsentStatus;
  readonly updatedAt: Date;
  readonly bankId?: string;
  readonly bankTimeZone?: string;
  readonly initiation?: Prisma.InputJsonValue;
  readonly bankConsentId?: string | null;
  readonly bankConsentStatus?: string | null;
  readonly statusReasonInformation?: string | null;
  readonly authentication?: Prisma.InputJsonValue | null;
  readonly sealedGrant?: string | null;
}

/** GET /vrp-consents filters, as the repository applies them. */
export interface VrpConsentListFilter {
  readonly statuses?: readonly string[];
  readonly scheme?: string;
  readonly onBehalfOfId?: string;
  readonly createdAfter?: Date;
  readonly createdBefore?: Date;
}

/** A page position: the last row's creation time and id (newest first). */
export interface VrpConsentCursor {
  readonly createdAt: Date;
  readonly id: string;
}

/** VRP consents: their controls, the bank's consent and sealed grant, and their status. */
@Injectable()
export class VrpConsentRepository extends Repository {
  insert(row: NewVrpConsent): Promise<VrpConsent> {
    return this.db.vrpConsent.create({ data: row }).then(VRP_CONSENT_STATUS.row);
  }

  /** What the member sees of its consent (the resource's columns only), or null (also for another member's id). */
  findViewForMember(memberId: MemberId, id: string): Promise<VrpConsentView | null> {
    return readVrpConsentView(viewPool(this.db), memberId, id);
  }

  /** The member's consent, or null (also for another member's id). */
  findForMember(memberId: MemberId, id: string): Promise<VrpConsent | null> {
    return this.db.vrpConsent.findFirst({ where: { id, memberId } }).then(VRP_CONSENT_STATUS.rowOrNull);
  }

  /** For workers, callbacks and the hosted pages, which act for whichever member owns the consent. */
  findById(id: string): Promise<VrpConsent | null> {
    return this.db.vrpConsent.findUnique({ where: { id } }).then(VRP_CONSENT_STATUS.rowOrNull);
  }

  /** The consent a bank callback or hosted page names by its token (the token is the credential). */
  findByCallbackToken(callbackToken: string): Promise<VrpConsent | null> {
    return this.db.vrpConsent.findUnique({ where: { callbackToken } }).then(VRP_CONSENT_STATUS.rowOrNull);
  }

  /** One page of the member's consents, newest first; `limit + 1` rows are read so the caller knows whether more follow. */
  listForMember(
    memberId: MemberId,
    filter: VrpConsentListFilter,
    limit: number,
    cursor?: VrpConsentCursor,
  ): Promise<VrpConsent[]> {
    const and: Prisma.VrpConsentWhereInput[] = [{ memberId }];
    if (filter.statuses !== undefined) and.push({ status: { in: [...filter.statuses] } });
    if (filter.scheme !== undefined) and.push({ scheme: filter.scheme });
    if (filter.onBehalfOfId !== undefined) and.push({ onBehalfOfId: filter.onBehalfOfId });
    if (filter.createdAfter !== undefined) and.push({ createdAt: { gt: filter.createdAfter } });
    if (filter.createdBefore !== undefined) and.push({ createdAt: { lt: filter.createdBefore } });
    if (cursor !== undefined) and.push(olderThan(cursor));
    return this.db.vrpConsent
      .findMany({
        where: { AND: and },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit + 1,
      })
      .then(VRP_CONSENT_STATUS.rows);
  }

  /**
   * The row locked for the caller's transaction (FOR UPDATE), or null: what a VRP under the
   * consent reads its controls and grant from. Call on a repository bound with in(tx).
   */
  async lock(id: string): Promise<VrpConsent | null> {
    const ids = await this.db.$queryRaw<{ id: string }[]>`SELECT id FROM vrp_consent WHERE id = ${id} FOR UPDATE`;
    return ids.length === 0 ? null : this.findById(id);
  }

  /**
   * Writes `change` if the row is still at `expected`'s version (and bumps it): the row as
   * changed, or null when someone changed it first.
   */
  async update(expected: Pick<VrpConsent, 'id' | 'version'>, change: VrpConsentChange): Promise<VrpConsent | null> {
    const { authentication, ...plain } = change;
    const written = await this.db.vrpConsent.updateMany({
      where: { id: expected.id, version: expected.version },
      data: { ...plain, authentication: jsonColumn(authentication), version: { increment: 1 } },
    });
    return written.count === 0 ? null : this.findById(expected.id);
  }
}
