import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { ListPaymentLinksCommand } from '#libs/application';
import { PAYMENT_LINK_STATUSES, type MemberId } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { parseDateTime } from '../../shared/dto/date-time.js';
import { DATE_TIME_FORMAT } from '../../shared/dto/stated-formats.js';
import { OptionalLimitParam, TextParam } from '../../query-params/query-params.js';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function DateTimeParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ ...DATE_TIME_FORMAT, description }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' && parseDateTime(value) !== undefined
        ? undefined
        : 'must be an ISO 8601 date-time with a time zone, such as 2026-04-05T17:00:00Z';
    }),
  );
}

/** The most ids or statuses a filter takes. */
const LINK_FILTER_MAX_ENTRIES = 1000;

/** The most links one page answers, and the page size when the query names none (the reference's limit is optional). */
export const PAYMENT_LINKS_PAGE_LIMIT_MAX = 200;

/** GET /v2/payment-links query: the reference's filters, an optional limit (1..200) and the opaque offset. */
export class ListPaymentLinksQuery {
  static readonly fieldPath = '';

  @OptionalLimitParam(PAYMENT_LINKS_PAGE_LIMIT_MAX, `Page size; ${PAYMENT_LINKS_PAGE_LIMIT_MAX} when absent.`)
  limit?: string;

  @TextParam('Where the page starts: the previous page’s pageInfo.nextOffset.', 512)
  offset?: string;

  @applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', maxLength: 128 },
      maxItems: LINK_FILTER_MAX_ENTRIES,
      description: 'Only these link ids (repeat the parameter).',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      const ids = asList(value);
      if (ids.length > LINK_FILTER_MAX_ENTRIES) return `must have at most ${LINK_FILTER_MAX_ENTRIES} entries`;
      return ids.every((id) => typeof id === 'string' && id !== '' && id.length <= 128)
        ? undefined
        : 'must be link ids';
    }),
  )
  ids?: string | string[];

  @applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: { type: 'string', enum: [...PAYMENT_LINK_STATUSES] },
      maxItems: LINK_FILTER_MAX_ENTRIES,
      description: 'Only links in these statuses.',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      const statuses = asList(value);
      if (statuses.length > LINK_FILTER_MAX_ENTRIES) return `must have at most ${LINK_FILTER_MAX_ENTRIES} entries`;
      return statuses.every((status) => (PAYMENT_LINK_STATUSES as readonly unknown[]).includes(status))
        ? undefined
        : `must be one of ${PAYMENT_LINK_STATUSES.join(', ')}`;
    }),
  )
  statuses?: string | string[];

  @TextParam('Only links made for this sub-TPP.', 128)
  onBehalfOfId?: string;

  @TextParam('Only links with this payer reference.')
  externalPsuReference?: string;

  @DateTimeParam('Only links created at or after this time.')
  createdAfter?: string;

  @DateTimeParam('Only links created at or before this time.')
  createdBefore?: string;

  @DateTimeParam('Only links expiring at or after this time.')
  expiresAfter?: string;

  @DateTimeParam('Only links expiring at or before this time.')
  expiresBefore?: string;
}

const dateOf = (value: string | undefined): Date | undefined => (value === undefined ? undefined : new Date(value));

export function toListPaymentLinksCommand(memberId: MemberId, query: ListPaymentLinksQuery): ListPaymentLinksCommand {
  const filter = {
    ids: query.ids === undefined ? undefined : (asList(query.ids) as string[]),
    statuses: query.statuses === undefined ? undefined : (asList(query.statuses) as string[]),
    onBehalfOfId: query.onBehalfOfId,
    externalPsuReference: query.externalPsuReference,
    createdAfter: dateOf(query.createdAfter),
    createdBefore: dateOf(query.createdBefore),
    expiresAfter: dateOf(query.expiresAfter),
    expiresBefore: dateOf(query.expiresBefore),
  };
  return {
    memberId,
    limit: query.limit === undefined ? PAYMENT_LINKS_PAGE_LIMIT_MAX : Number(query.limit),
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
  };
}
