import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { PAYMENT_STATUSES, type PaymentStatus } from '#libs/domain';
import { ChoiceParam, TextParam, onlyOnce } from '../../query-params/query-params.js';
import { parseDateTime } from '../../shared/dto/date-time.js';
import { DATE_TIME_FORMAT } from '../../shared/dto/stated-formats.js';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';

/**
 * GET /v2/payments query. Fastify hands a parameter over as a string, or as an array when it is
 * repeated: list filters take both (`?ids=a&ids=b` or `?ids=a`; commas are not separators, since
 * refIds may contain them); every other parameter must be given once.
 */
export const LIST_PAYMENTS_LIMITS = { maxLimit: 200, maxEntries: 1000, maxEntryLength: 256 } as const;

export const PAYMENT_REFUND_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

export const PAYMENT_TYPES = ['SINGLE_IMMEDIATE_PAYMENT', 'VARIABLE_RECURRING_PAYMENT'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

function ListParam(options: { readonly description: string; readonly allowed?: readonly string[] }): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      type: 'array',
      items: {
        type: 'string',
        ...(options.allowed === undefined
          ? { maxLength: LIST_PAYMENTS_LIMITS.maxEntryLength }
          : { enum: [...options.allowed] }),
      },
      description: `${options.description} Repeat the parameter for several values; at most ${LIST_PAYMENTS_LIMITS.maxEntries}.`,
      maxItems: LIST_PAYMENTS_LIMITS.maxEntries,
    }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value)),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (!Array.isArray(value) || !value.every((entry): entry is string => typeof entry === 'string'))
        return 'must be a list of strings';
      if (value.length > LIST_PAYMENTS_LIMITS.maxEntries)
        return `must have at most ${LIST_PAYMENTS_LIMITS.maxEntries} entries (it has ${value.length})`;
      if (value.some((entry) => entry === '' || entry.length > LIST_PAYMENTS_LIMITS.maxEntryLength))
        return `entries must have 1 to ${LIST_PAYMENTS_LIMITS.maxEntryLength} characters`;
      const unknown = options.allowed === undefined ? [] : value.filter((entry) => !options.allowed?.includes(entry));
      if (unknown.length > 0)
        return `has unknown values ${unknown.slice(0, 5).join(', ')}; allowed: ${options.allowed?.join(', ') ?? ''}`;
      return undefined;
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

function DateTimeParam(
  description: string,
  rule?: (date: Date, query: ListPaymentsQuery) => string | undefined,
): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ ...DATE_TIME_FORMAT, description, example: '2022-04-05T17:00:00.000Z' }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? (parseDateTime(value) ?? value) : value)),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (!(value instanceof Date))
        return onlyOnce(value) ?? 'must be an ISO 8601 date-time with a time zone, such as 2022-04-05T17:00:00.000Z';
      return rule?.(value, args.object as ListPaymentsQuery);
    }),
  );
}

export class ListPaymentsQuery {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 1,
      maximum: LIST_PAYMENTS_LIMITS.maxLimit,
      description: `The maximum number of payments to answer, 1 to ${LIST_PAYMENTS_LIMITS.maxLimit}.`,
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
    ),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value !== 'number')
        return onlyOnce(value) ?? `must be a whole number from 1 to ${LIST_PAYMENTS_LIMITS.maxLimit}`;
      return value >= 1 && value <= LIST_PAYMENTS_LIMITS.maxLimit
        ? undefined
        : `must be a whole number from 1 to ${LIST_PAYMENTS_LIMITS.maxLimit}`;
    }),
  )
  limit!: number;

  @TextParam('The offset from the previous page (opaque: pageInfo.nextOffset).', 512)
  offset?: string;

  @ListParam({ description: 'Only payments with these ids (or, with invertIds, all others).' })
  ids?: string[];

  @FlagParam('Answer payments whose id is not in ids.')
  invertIds?: boolean;

  @ListParam({
    description: 'Only payments in these statuses (or, with invertStatuses, in any other).',
    allowed: PAYMENT_STATUSES,
  })
  statuses?: PaymentStatus[];

  @FlagParam('Answer payments whose status is not in statuses.')
  invertStatuses?: boolean;

  @DateTimeParam('Only payments created after this time.')
  createdAfter?: Date;

  @DateTimeParam('Only payments created before this time.', (before, query) =>
    query.createdAfter instanceof Date && before.getTime() <= query.createdAfter.getTime()
      ? 'must be later than createdAfter'
      : undefined,
  )
  createdBefore?: Date;

  @ListParam({ description: 'Only payments with these refIds.' })
  refIds?: string[];

  @TextParam('Only payments made on behalf of this client (sub-TPP).', 128)
  onBehalfOfId?: string;

  @ListParam({ description: 'Only payments with these refund statuses.', allowed: PAYMENT_REFUND_STATUSES })
  refundStatuses?: PaymentRefundStatus[];

  @FlagParam('Answer only id and status of each payment.')
  partial?: boolean;

  @TextParam('Only payments with this external PSU reference.', 64)
  externalPsuReference?: string;

  @ChoiceParam('Single immediate payments (the default) or variable recurring payments.', PAYMENT_TYPES)
  type?: PaymentType;

  @TextParam('Only payments of this VRP consent (with type VARIABLE_RECURRING_PAYMENT).', 128)
  vrpConsentId?: string;
}
