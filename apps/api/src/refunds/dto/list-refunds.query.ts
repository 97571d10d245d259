import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ListRefundsCommand } from '#libs/application';
import { REFUND_STATUSES, type MemberId } from '#libs/domain';
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
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';

/** GET /refunds takes a limit of 1 to 100 (the interface's limit); GET /transfers/{id}/refunds up to 200 (the reference's). */
export const REFUNDS_LIMIT_MAX = 100;
export const TRANSFER_REFUNDS_LIMIT_MAX = 200;

const digits = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;

function LimitParam(max: number): PropertyDecorator {
  return applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 1,
      maximum: max,
      description: `The most refunds to answer: 1 to ${max}.`,
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) => digits(value)),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value === 'number' && value >= 1 && value <= max) return undefined;
      return onlyOnce(value) ?? `must be a whole number from 1 to ${max}`;
    }),
  );
}

/** GET /transfers/{id}/refunds query: limit and offset. */
export class TransferRefundsQuery {
  static readonly fieldPath = '';

  @LimitParam(TRANSFER_REFUNDS_LIMIT_MAX)
  limit!: number;

  @TextParam('The offset of the next page, from the previous answer (paging.offset; opaque).', 512)
  offset?: string;
}

/** GET /refunds query, as the reference names its parameters. */
export class ListRefundsQuery {
  static readonly fieldPath = '';

  @LimitParam(REFUNDS_LIMIT_MAX)
  limit!: number;

  @TextParam('The offset of the next page, from the previous answer (paging.offset; opaque).', 512)
  offset?: string;

  @DateParam('Only refunds created on or after this date (UTC).')
  startDate?: string;

  @EndDateParam('Only refunds created on or before this date (UTC).')
  endDate?: string;

  @ListParam('Only these refund ids.')
  ids?: string[];

  @FlagParam('With true, every refund but those in ids.')
  invertIds?: boolean;

  @ListParam('Only refunds in these statuses.', REFUND_STATUSES)
  statuses?: string[];

  @FlagParam('With true, every refund not in statuses.')
  invertStatuses?: boolean;

  @ListParam('Only refunds with these refIds.')
  refIds?: string[];

  @FlagParam('With true, each refund only with its id and status.')
  partial?: boolean;

  @ListParam('Only refunds made on behalf of these sub-TPPs.')
  onBehalfOfIds?: string[];
}

export function toListRefundsCommand(memberId: MemberId, query: ListRefundsQuery): ListRefundsCommand {
  const { from, before } = utcDayRange(query);
  return {
    memberId,
    limit: query.limit,
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    ...(query.partial === undefined ? {} : { partial: query.partial }),
    filter: {
      ...sharedListFilter(query),
      ...(query.onBehalfOfIds === undefined ? {} : { onBehalfOfIds: query.onBehalfOfIds }),
      ...(from === undefined ? {} : { createdFrom: from }),
      ...(before === undefined ? {} : { createdBefore: before }),
    },
  };
}
