import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import type { ListRefundsCommand } from '#libs/application';
import { REFUND_STATUSES } from '#libs/domain';
import { TextParam, onlyOnce } from '../../query-params/query-params.js';
import { FieldCheck, isAbsent } from '../../payments/dto/field-check.js';

/** GET /refunds takes a limit of 1 to 100 (the interface's limit); GET /transfers/{id}/refunds up to 200 (the reference's). */
export const REFUNDS_LIMIT_MAX = 100;
export const TRANSFER_REFUNDS_LIMIT_MAX = 200;
const LIST_MAX_ENTRIES = 1000;

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

function ListParam(description: string, allowed?: readonly string[]): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: [String],
      description: `${description} Repeat the parameter for several values.`,
      ...(allowed === undefined ? {} : { enum: [...allowed] }),
    }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value)),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string'))
        return 'must be a list of strings';
      if (value.length > LIST_MAX_ENTRIES) return `must have at most ${LIST_MAX_ENTRIES} entries`;
      if (value.some((entry) => entry === '' || entry.length > 256)) return 'entries must have 1 to 256 characters';
      const unknown = allowed === undefined ? [] : value.filter((entry) => !allowed.includes(entry));
      return unknown.length > 0
        ? `has unknown values ${unknown.slice(0, 5).join(', ')}; allowed: ${allowed?.join(', ') ?? ''}`
        : undefined;
    }),
  );
}

function FlagParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: Boolean, description }),
    Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value)),
    FieldCheck((value) =>
      isAbsent(value) || typeof value === 'boolean' ? undefined : (onlyOnce(value) ?? 'must be true or false'),
    ),
  );
}

/** YYYY-MM-DD as the UTC midnight it starts, or undefined for anything else (or a day that does not exist). */
export function parseUtcDate(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().startsWith(value) ? date : undefined;
}

function DateParam(
  description: string,
  rule?: (date: Date, query: ListRefundsQuery) => string | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date', description, example: '2026-01-31' }),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      const date = typeof value === 'string' ? parseUtcDate(value) : undefined;
      if (date === undefined) return onlyOnce(value) ?? 'must be a date YYYY-MM-DD';
      return rule?.(date, args.object as ListRefundsQuery);
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

  @DateParam('Only refunds created on or before this date (UTC).', (end, query) => {
    const start = typeof query.startDate === 'string' ? parseUtcDate(query.startDate) : undefined;
    return start !== undefined && end < start ? 'must not be before startDate' : undefined;
  })
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

const DAY_MS = 86_400_000;

export function toListRefundsCommand(query: ListRefundsQuery): ListRefundsCommand {
  const start = query.startDate === undefined ? undefined : parseUtcDate(query.startDate);
  const end = query.endDate === undefined ? undefined : parseUtcDate(query.endDate);
  return {
    limit: query.limit,
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    ...(query.partial === undefined ? {} : { partial: query.partial }),
    filter: {
      ...(query.ids === undefined ? {} : { ids: query.ids, invertIds: query.invertIds === true }),
      ...(query.statuses === undefined
        ? {}
        : { statuses: query.statuses, invertStatuses: query.invertStatuses === true }),
      ...(query.refIds === undefined ? {} : { refIds: query.refIds }),
      ...(query.onBehalfOfIds === undefined ? {} : { onBehalfOfIds: query.onBehalfOfIds }),
      ...(start === undefined ? {} : { createdFrom: start }),
      ...(end === undefined ? {} : { createdBefore: new Date(end.getTime() + DAY_MS) }),
    },
  };
}
