import { Injectable } from '@nestjs/common';
import { Repository } from '../repository.js';
import {
  CONSOLE_KINDS,
  CONSOLE_RESOURCE_KINDS,
  type ChildLinks,
  type ConsoleKind,
  type ParentLink,
} from './console-resource-kinds.js';

/** A resource an id or refId names. */
export interface ConsoleMatch {
  readonly kind: ConsoleKind;
  readonly id: string;
}

/** A link to a related resource (`kind` undefined: to be found by its id). */
export interface RelatedResource {
  readonly label: string;
  readonly kind: ConsoleKind | undefined;
  readonly id: string;
}

export interface ConsoleResourceRow {
  readonly kind: ConsoleKind;
  readonly id: string;
  readonly memberId: string | undefined;
  /** Label and value as text ('' for none), in the kind's order. */
  readonly fields: readonly (readonly [string, string])[];
  readonly related: readonly RelatedResource[];
}

/** A delivery of one of a resource's events, with its last answer and next attempt. */
export interface ConsoleDeliveryRow {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: string;
  readonly round: number;
  readonly attemptCount: number;
  readonly lastStatusCode: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
}

export interface ConsoleAttemptRow {
  readonly round: number;
  readonly attemptNo: number;
  readonly attemptedAt: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

/** How many of each child list a page shows. */
const CHILDREN_SHOWN = 20;
const DELIVERIES_SHOWN = 100;

const findSql = CONSOLE_KINDS.map((kind) => {
  const { table, refIdColumn } = CONSOLE_RESOURCE_KINDS[kind];
  const match = refIdColumn === undefined ? 'id = $1' : `(id = $1 OR ${refIdColumn} = $1)`;
  return `(SELECT '${kind}' AS kind, id FROM ${table} WHERE ${match} LIMIT 20)`;
}).join(' UNION ALL ');

function readSql(kind: ConsoleKind): string {
  const { table, fields, parents } = CONSOLE_RESOURCE_KINDS[kind];
  const columns = [
    ...fields.map(([, expression], index) => `(${expression})::text AS f${index}`),
    ...parents.map((parent, index) => `${parent.column} AS p${index}`),
    kind === 'member' ? 'id AS member_id' : 'member_id',
  ];
  return `SELECT ${columns.join(', ')} FROM ${table} WHERE id = $1`;
}

function childrenSql(children: readonly ChildLinks[]): string {
  return children
    .map(
      (child, index) =>
        `(SELECT ${index} AS list, id FROM ${child.table} WHERE ${child.column} = $1 ORDER BY ${child.orderBy} DESC LIMIT ${CHILDREN_SHOWN})`,
    )
    .join(' UNION ALL ');
}

/**
 * The operations console's cross-member reads (an operator's, behind the admin token): what an id
 * or refId names, a resource's plain fields and related resources, its events' webhook deliveries.
 */
@Injectable()
export class ConsoleResourceRepository extends Repository {
  /** Every resource whose id, or refId (or event id, for deliveries), is `query`. */
  async find(query: string): Promise<ConsoleMatch[]> {
    return this.db.$queryRawUnsafe<ConsoleMatch[]>(findSql, query);
  }

  async read(kind: ConsoleKind, id: string): Promise<ConsoleResourceRow | undefined> {
    const definition = CONSOLE_RESOURCE_KINDS[kind];
    const [row] = await this.db.$queryRawUnsafe<Record<string, string | null>[]>(readSql(kind), id);
    if (row === undefined) return undefined;
    const children =
      definition.children.length === 0
        ? []
        : await this.db.$queryRawUnsafe<{ list: number; id: string }[]>(childrenSql(definition.children), id);
    const parentLinks = definition.parents.flatMap((parent: ParentLink, index) => {
      const value = row[`p${index}`];
      return value === null || value === undefined ? [] : [{ label: parent.label, kind: parent.kind, id: value }];
    });
    const childLinks = children.map((child) => {
      const list = definition.children[child.list];
      if (list === undefined) throw new Error(`no child list ${child.list}`);
      return { label: list.label, kind: list.kind, id: child.id };
    });
    return {
      kind,
      id,
      memberId: row['member_id'] ?? undefined,
      fields: definition.fields.map(([label], index) => [label, row[`f${index}`] ?? ''] as const),
      related: [...parentLinks, ...childLinks],
    };
  }

  /** The deliveries of the events that announced a resource's status changes, oldest first. */
  async deliveriesOf(resourceId: string): Promise<ConsoleDeliveryRow[]> {
    return this.db.$queryRawUnsafe<ConsoleDeliveryRow[]>(
      `SELECT id, event_id AS "eventId", event_type AS "eventType", status::text AS status, round,
         attempt_count AS "attemptCount", last_status_code AS "lastStatusCode", last_error AS "lastError",
         next_attempt_at AS "nextAttemptAt", created_at AS "createdAt"
       FROM webhook_delivery
       WHERE event_id IN (SELECT event_id FROM status_history WHERE resource_id = $1)
       ORDER BY created_at, id LIMIT ${DELIVERIES_SHOWN}`,
      resourceId,
    );
  }

  /** A delivery's attempts, newest first. */
  async attemptsOf(deliveryId: string): Promise<ConsoleAttemptRow[]> {
    return this.db.$queryRawUnsafe<ConsoleAttemptRow[]>(
      `SELECT round, attempt_no AS "attemptNo", attempted_at AS "attemptedAt", status_code AS "statusCode",
         latency_ms AS "latencyMs", error
       FROM webhook_attempt WHERE delivery_id = $1 ORDER BY attempted_at DESC, id DESC LIMIT ${DELIVERIES_SHOWN}`,
      deliveryId,
    );
  }
}
