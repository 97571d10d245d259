import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { onlyOnce, TextParam } from '../../query-params/query-params.js';

/** The most records a settlement account list answers at once; a larger limit is taken as this. */
export const SETTLEMENT_PAGE_LIMIT_MAX = 200;

/** Optional `limit`: a whole number of at least 1; above 200 it is taken as 200 (the reference's words). */
export function SettlementLimitParam(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: Number,
      minimum: 1,
      description: `The most records to answer; at most ${SETTLEMENT_PAGE_LIMIT_MAX} (a larger limit is taken as ${SETTLEMENT_PAGE_LIMIT_MAX}), which is also the default.`,
      example: 10,
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be a whole number of at least 1';
      return /^\d{1,15}$/.test(value) && Number(value) >= 1 ? undefined : 'must be a whole number of at least 1';
    }),
  );
}

export function SettlementOffsetParam(): PropertyDecorator {
  return TextParam('Where the page starts: the previous page’s pageInfo.nextOffset (opaque).', 512);
}

/** The page a list query asks for: limit (default and most 200) and the opaque offset. */
export function pageRequestOf(query: { readonly limit?: string; readonly offset?: string }): {
  limit: number;
  offset?: string;
} {
  const limit =
    query.limit === undefined ? SETTLEMENT_PAGE_LIMIT_MAX : Math.min(Number(query.limit), SETTLEMENT_PAGE_LIMIT_MAX);
  return { limit, ...(query.offset === undefined ? {} : { offset: query.offset }) };
}
