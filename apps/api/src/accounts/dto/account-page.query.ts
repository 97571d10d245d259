import { ApiPropertyOptional } from '@nestjs/swagger';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { onlyOnce, PageLimitParam, TextParam } from '../../query-params/query-params.js';
import { DATE_FORMAT } from '../../shared/dto/stated-formats.js';

/** page.limit must be less than 200 (the interface's limit). */
export const ACCOUNT_PAGE_MAX_LIMIT = 199;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** An optional ISO 8601 date (YYYY-MM-DD) that is a real day. */
function DateParam(description: string, example: string): PropertyDecorator {
  const decorators = [
    ApiPropertyOptional({ ...DATE_FORMAT, description, example }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be an ISO 8601 date (YYYY-MM-DD)';
      const day = new Date(`${value}T00:00:00Z`);
      return ISO_DATE.test(value) && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value)
        ? undefined
        : 'must be an ISO 8601 date (YYYY-MM-DD)';
    }),
  ];
  return (target, key) => {
    for (const decorate of decorators) decorate(target, key);
  };
}

/** GET /accounts/{accountId}/standing-orders query. */
export class AccountPageQuery {
  static readonly fieldPath = '';

  @PageLimitParam(ACCOUNT_PAGE_MAX_LIMIT, `The maximum number of records to answer, 1 to ${ACCOUNT_PAGE_MAX_LIMIT}.`)
  'page.limit'!: number;

  @TextParam('The offset of the next page, as the previous page answered it (opaque).', 64)
  'page.offset'?: string;
}

/** GET /accounts/{accountId}/transactions query: paging and the booking-date window. */
export class TransactionsQueryDto extends AccountPageQuery {
  @DateParam('The earliest booking date (ISO 8601 date, inclusive); only at banks that filter by date.', '2026-06-15')
  startDate?: string;

  @DateParam('The latest booking date (ISO 8601 date, inclusive); only at banks that filter by date.', '2026-11-30')
  endDate?: string;
}
