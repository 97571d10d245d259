import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PAYOUTS_PAGE_MAX, type ListPayoutsCommand } from '#libs/application';
import { PAYOUT_STATUSES, type MemberId } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import {
  DateParam,
  EndDateParam,
  FlagParam,
  ListParam,
  TextParam,
  onlyOnce,
  sharedListFilter,
  utcDayRange,
} from '../../query-params/query-params.js';

/** Required, a whole number of at least 1; above PAYOUTS_PAGE_MAX it is set to it (the interface's paging rule). */
function PayoutLimitParam(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 1,
      description: `The most payouts to answer, at least 1; a limit above ${PAYOUTS_PAGE_MAX} is set to ${PAYOUTS_PAGE_MAX}.`,
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
    ),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value === 'number' && value >= 1) return undefined;
      return onlyOnce(value) ?? 'must be a whole number of at least 1';
    }),
  );
}

/** GET /payouts query, as the reference names its parameters. */
export class ListPayoutsQuery {
  static readonly fieldPath = '';

  @PayoutLimitParam()
  limit!: number;

  @TextParam('The offset of the next page, from the previous answer (paging.offset; opaque).', 512)
  offset?: string;

  @DateParam('Only payouts created on or after this date (UTC).')
  startDate?: string;

  @EndDateParam('Only payouts created on or before this date (UTC).')
  endDate?: string;

  @ListParam('Only these payout ids.')
  ids?: string[];

  @FlagParam('With true, every payout but those in ids.')
  invertIds?: boolean;

  @ListParam('Only payouts in these statuses.', PAYOUT_STATUSES)
  statuses?: string[];

  @FlagParam('With true, every payout not in statuses.')
  invertStatuses?: boolean;

  @ListParam('Only payouts with these refIds.')
  refIds?: string[];

  @TextParam('Only payouts made on behalf of this sub-TPP.')
  onBehalfOfId?: string;
}

export function toListPayoutsCommand(memberId: MemberId, query: ListPayoutsQuery): ListPayoutsCommand {
  const { from, before } = utcDayRange(query);
  return {
    memberId,
    limit: query.limit,
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: {
      ...sharedListFilter(query),
      ...(query.onBehalfOfId === undefined ? {} : { onBehalfOfId: query.onBehalfOfId }),
      ...(from === undefined ? {} : { createdFrom: from }),
      ...(before === undefined ? {} : { createdBefore: before }),
    },
  };
}
