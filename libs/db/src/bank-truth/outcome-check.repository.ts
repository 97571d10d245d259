import { Injectable } from '@nestjs/common';
import type { OperatorEventType, OutcomeKind } from '#libs/domain';
import { newId } from '#libs/domain';
import type { OperatorEvent, OutcomeCheck, Prisma } from '../generated/prisma/client.js';
import { Repository } from '../repository.js';
import { CLOSE_CHECK, OPEN_CHECKS, checksToOpenJson, type CheckTimer } from './outcome-check-writes.js';

export type { CheckTimer } from './outcome-check-writes.js';

export type { OperatorEvent, OutcomeCheck };

/** A resource a check is about. */
export interface OutcomeRef {
  readonly kind: OutcomeKind;
  readonly resourceId: string;
}

/** A check written before a money-moving call. */
export interface NewOutcomeCheck extends OutcomeRef {
  readonly memberId: string;
  readonly operation: string;
  readonly sealedGrant?: string;
  readonly since: Date;
  /** When to ask first if no answer is recorded: the call's deadline plus a grace. */
  readonly firstAskAt: Date;
}

const key = (ref: OutcomeRef): Prisma.OutcomeCheckWhereUniqueInput => ({
  kind_resourceId: { kind: ref.kind, resourceId: ref.resourceId },
});

/**
 * The checks of money-moving calls whose answer the gateway does not hold, and the operator's
 * events about them (not member data: the admin API reads them across members).
 */
@Injectable()
export class OutcomeCheckRepository extends Repository {
  /**
   * Writes the check before its call, with its timer (a scheduled_job row due at `firstAskAt`), in
   * one statement: one round trip inside a transaction that may hold a lock (a VRP's, against its
   * consent's limits). A check already open for the resource (the call is asked again) keeps when
   * it started and how often it was asked; its operation and grant are updated.
   */
  async begin(check: NewOutcomeCheck, timer: CheckTimer): Promise<void> {
    await this.db.$executeRawUnsafe(OPEN_CHECKS, checksToOpenJson([{ ...check, timer }]));
  }

  find(ref: OutcomeRef): Promise<OutcomeCheck | null> {
    return this.db.outcomeCheck.findUnique({ where: key(ref) });
  }

  /** The check, its row locked until the caller's transaction ends (an operator's resolution). */
  async lock(ref: OutcomeRef): Promise<OutcomeCheck | null> {
    await this.db
      .$queryRaw`SELECT 1 FROM outcome_check WHERE kind = ${ref.kind} AND resource_id = ${ref.resourceId} FOR UPDATE`;
    return this.find(ref);
  }

  /** The answer is recorded: the check ends. Answers whether one was open. */
  async close(ref: OutcomeRef): Promise<boolean> {
    return (await this.db.$executeRawUnsafe(CLOSE_CHECK, ref.kind, ref.resourceId)) > 0;
  }

  /** Asked again without an answer: one more attempt, the error, the next time to ask, and the flag when due. */
  async unanswered(
    ref: OutcomeRef,
    update: { readonly lastError: string; readonly nextAskAt: Date; readonly flaggedAt?: Date },
  ): Promise<OutcomeCheck | null> {
    const rows = await this.db.outcomeCheck.updateManyAndReturn({
      where: { kind: ref.kind, resourceId: ref.resourceId },
      data: {
        attempts: { increment: 1 },
        lastError: update.lastError.slice(0, 512),
        nextAskAt: update.nextAskAt,
        ...(update.flaggedAt === undefined ? {} : { flaggedAt: update.flaggedAt }),
      },
    });
    return rows[0] ?? null;
  }

  /** Open checks, the oldest first; only the flagged ones with `flagged`. */
  list(filter: {
    readonly flagged?: boolean;
    readonly kind?: OutcomeKind;
    readonly offset: number;
    readonly limit: number;
  }): Promise<OutcomeCheck[]> {
    return this.db.outcomeCheck.findMany({
      where: {
        ...(filter.kind === undefined ? {} : { kind: filter.kind }),
        ...(filter.flagged === true ? { flaggedAt: { not: null } } : {}),
      },
      orderBy: [{ since: 'asc' }, { resourceId: 'asc' }],
      skip: filter.offset,
      take: filter.limit,
    });
  }

  async appendEvent(event: {
    readonly type: OperatorEventType;
    readonly ref: OutcomeRef;
    readonly memberId: string;
    readonly detail: Prisma.InputJsonObject;
    readonly createdAt: Date;
  }): Promise<OperatorEvent> {
    return this.db.operatorEvent.create({
      data: {
        id: newId('opev'),
        type: event.type,
        kind: event.ref.kind,
        resourceId: event.ref.resourceId,
        memberId: event.memberId,
        detail: event.detail,
        createdAt: event.createdAt,
      },
    });
  }

  /** Operator events, the newest first. */
  events(filter: {
    readonly resourceId?: string;
    readonly offset: number;
    readonly limit: number;
  }): Promise<OperatorEvent[]> {
    return this.db.operatorEvent.findMany({
      where: filter.resourceId === undefined ? {} : { resourceId: filter.resourceId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: filter.offset,
      take: filter.limit,
    });
  }
}
