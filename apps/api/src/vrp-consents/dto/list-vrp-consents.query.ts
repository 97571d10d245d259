import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ListVrpConsentsCommand } from '#libs/application';
import { VRP_CONSENT_STATUSES, VRP_SCHEMES, type MemberId } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { parseDateTime } from '../../shared/dto/date-time.js';
import { DATE_TIME_FORMAT } from '../../shared/dto/stated-formats.js';
import { ChoiceParam, LimitParam, TextParam, onlyOnce } from '../../query-params/query-params.js';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function DateTimeParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ ...DATE_TIME_FORMAT, description, example: '2026-04-05T17:00:00.000Z' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be text';
      return parseDateTime(value) === undefined
        ? 'must be an ISO 8601 date-time such as 2026-04-05T17:00:00Z'
        : undefined;
    }),
  );
}

/** The most statuses the filter takes. */
const STATUS_FILTER_MAX_ENTRIES = 50;

/** GET /vrp-consents query: the reference's limit (required, 1..200), opaque offset and filters. */
export class ListVrpConsentsQuery {
  static readonly fieldPath = '';

  @LimitParam(200, 'The most consents to return.')
  limit!: string;

  @TextParam('Where the page starts: the previous page’s pageInfo.nextOffset.', 512)
  offset?: string;

  @DateTimeParam('Only consents created after this time.')
  createdAfter?: string;

  @DateTimeParam('Only consents created before this time.')
  createdBefore?: string;

  @applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', enum: [...VRP_CONSENT_STATUSES] },
      maxItems: STATUS_FILTER_MAX_ENTRIES,
      description: 'Only consents in these statuses (repeat the parameter).',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (asList(value).length > STATUS_FILTER_MAX_ENTRIES)
        return `must have at most ${STATUS_FILTER_MAX_ENTRIES} entries`;
      return asList(value).every((status) => (VRP_CONSENT_STATUSES as readonly unknown[]).includes(status))
        ? undefined
        : `must be one of ${VRP_CONSENT_STATUSES.join(', ')}`;
    }),
  )
  statuses?: string | string[];

  @ChoiceParam('Only consents of this scheme.', VRP_SCHEMES)
  scheme?: string;

  @TextParam('Only consents made for this sub-TPP.', 128)
  onBehalfOfId?: string;
}

export function toListVrpConsentsCommand(memberId: MemberId, query: ListVrpConsentsQuery): ListVrpConsentsCommand {
  const filter = {
    statuses: query.statuses === undefined ? undefined : (asList(query.statuses) as string[]),
    scheme: query.scheme,
    onBehalfOfId: query.onBehalfOfId,
    createdAfter: query.createdAfter === undefined ? undefined : parseDateTime(query.createdAfter),
    createdBefore: query.createdBefore === undefined ? undefined : parseDateTime(query.createdBefore),
  };
  return {
    memberId,
    limit: Number(query.limit),
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
  };
}
