import type { OperatorEvent, OutcomeCheck } from '#libs/db';

/** A check as operators read it: never its sealed grant. */
export function outcomeCheckView(check: OutcomeCheck) {
  return {
    kind: check.kind,
    resourceId: check.resourceId,
    memberId: check.memberId,
    operation: check.operation,
    since: check.since.toISOString(),
    attempts: check.attempts,
    nextAskAt: check.nextAskAt.toISOString(),
    ...(check.lastError === null ? {} : { lastError: check.lastError }),
    flagged: check.flaggedAt !== null,
    ...(check.flaggedAt === null ? {} : { flaggedAt: check.flaggedAt.toISOString() }),
  };
}

export function operatorEventView(event: OperatorEvent) {
  return {
    id: event.id,
    type: event.type,
    kind: event.kind,
    resourceId: event.resourceId,
    memberId: event.memberId,
    detail: event.detail,
    createdAt: event.createdAt.toISOString(),
  };
}

/** An operator page's paging: the next offset while a page comes back full. */
export function operatorPaging(count: number, offset: number, limit: number): { limit: number; offset?: string } {
  return count < limit ? { limit } : { limit, offset: String(offset + limit) };
}
