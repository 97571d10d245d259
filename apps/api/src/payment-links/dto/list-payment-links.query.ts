import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ListPaymentLinksCommand } from '#libs/application';
import { PAYMENT_LINK_STATUSES } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../payments/dto/field-check.js';

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function TextParam(description: string, maxLength = 256): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, maxLength }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return 'must be given once';
      return value === '' || value.length > maxLength ? `must have 1 to ${maxLength} characters` : undefined;
    }),
  );
}

function DateTimeParam(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, format: 'date-time', description }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'must be an ISO 8601 date-time';
    }),
  );
}

/** GET /v2/payment-links query: the reference's filters, limit (1..200) and the opaque offset. */
export class ListPaymentLinksQuery {
  static readonly fieldPath = '';

  @applyDecorators(
    ApiProperty({ type: Number, minimum: 1, maximum: 200, description: 'Page size.', example: 10 }),
    FieldCheck((value) => {
      if (isAbsent(value)) return 'is required';
      return typeof value === 'string' && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 200
        ? undefined
        : 'must be a whole number from 1 to 200';
    }),
  )
  limit!: string;

  @TextParam('Where the page starts: the previous page’s pageInfo.nextOffset.', 512)
  offset?: string;

  @applyDecorators(
    ApiPropertyOptional({ type: [String], description: 'Only these link ids (repeat the parameter).' }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return asList(value).every((id) => typeof id === 'string' && id !== '' && id.length <= 128)
        ? undefined
        : 'must be link ids';
    }),
  )
  ids?: string | string[];

  @applyDecorators(
    ApiPropertyOptional({
      type: [String],
      enum: [...PAYMENT_LINK_STATUSES],
      description: 'Only links in these statuses.',
    }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return asList(value).every((status) => (PAYMENT_LINK_STATUSES as readonly unknown[]).includes(status))
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

export function toListPaymentLinksCommand(query: ListPaymentLinksQuery): ListPaymentLinksCommand {
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
    limit: Number(query.limit),
    ...(query.offset === undefined ? {} : { offset: query.offset }),
    filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)),
  };
}
