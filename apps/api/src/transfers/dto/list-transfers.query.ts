import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  TRANSFER_REFUND_STATUSES,
  TRANSFER_ROLES,
  type ListTransfersCommand,
  type TransferRefundStatus,
  type TransferRole,
} from '#libs/application';
import { TRANSFER_STATUSES, type TransferStatus } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../payments/dto/field-check.js';

/** page.limit must be less than 200. */
export const TRANSFERS_PAGE_LIMIT_MAX = 199;

/**
 * The reference's filter.transactionStatus enum spells FAILURE_GENERIC with a space
 * ('FAILURE GENERIC'); both spellings are accepted.
 */
const STATUS_ALIASES: Readonly<Record<string, TransferStatus>> = { 'FAILURE GENERIC': 'FAILURE_GENERIC' };
const STATUS_VALUES: readonly string[] = [...TRANSFER_STATUSES, ...Object.keys(STATUS_ALIASES)];

function onlyOnce(value: unknown): string | undefined {
  return Array.isArray(value) ? 'must be given once' : undefined;
}

function TextParam(description: string, maxLength = 256): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, description, maxLength }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'string') return onlyOnce(value) ?? 'must be text';
      return value === '' || value.length > maxLength ? `must have 1 to ${maxLength} characters` : undefined;
    }),
  );
}

function ChoiceParam(description: string, allowed: readonly string[]): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: String, enum: [...allowed], description }),
    FieldCheck((value) => {
      if (isAbsent(value)) return undefined;
      return typeof value === 'string' && allowed.includes(value)
        ? undefined
        : (onlyOnce(value) ?? `must be one of ${allowed.join(', ')}`);
    }),
  );
}

/** Milliseconds since the epoch as the query gives them (digits). */
function TimeParam(description: string, rule?: (ms: number, query: ListTransfersQuery) => string | undefined) {
  return applyDecorators(
    ApiPropertyOptional({
      type: String,
      description: `${description} Milliseconds since the epoch.`,
      example: '1764000000000',
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value,
    ),
    FieldCheck((value, args) => {
      if (isAbsent(value)) return undefined;
      if (typeof value !== 'number') return onlyOnce(value) ?? 'must be a whole number of milliseconds since the epoch';
      return rule?.(value, args.object as ListTransfersQuery);
    }),
  );
}

/** GET /transfers query: dotted names as the reference spells them. */
export class ListTransfersQuery {
  static readonly fieldPath = '';

  @TextParam('Only the transfers of this transfer token (as filter.tokenId).')
  tokenId?: string;

  @TextParam('The offset of the next page, from the previous answer (opaque).', 512)
  'page.offset'?: string;

  @applyDecorators(
    ApiProperty({
      type: Number,
      minimum: 1,
      maximum: TRANSFERS_PAGE_LIMIT_MAX,
      description: 'The most transfers to answer; less than 200.',
      example: 10,
    }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value,
    ),
    FieldCheck((value) => {
      if (isAbsent(value) || value === '') return 'is required';
      if (typeof value === 'number' && value >= 1 && value <= TRANSFERS_PAGE_LIMIT_MAX) return undefined;
      return onlyOnce(value) ?? `must be a whole number from 1 to ${TRANSFERS_PAGE_LIMIT_MAX} (less than 200)`;
    }),
  )
  'page.limit'!: number;

  @TextParam('Only the transfers of this transfer token.')
  'filter.tokenId'?: string;

  @TimeParam('Only transfers created at or after this time.')
  'filter.startTimeMs'?: number;

  @TimeParam('Only transfers created at or before this time.', (end, query) => {
    const start = query['filter.startTimeMs'];
    return typeof start === 'number' && end < start ? 'must not be before filter.startTimeMs' : undefined;
  })
  'filter.endTimeMs'?: number;

  @ChoiceParam('Only transfers in this status.', STATUS_VALUES)
  'filter.transactionStatus'?: string;

  @ChoiceParam(
    "The member's role: a member is always the payee of its transfers, so PAYER finds none; ANY and PAYEE find all.",
    TRANSFER_ROLES,
  )
  'filter.role'?: TransferRole;

  @TextParam('Only transfers made on behalf of this sub-TPP.', 128)
  'filter.actingAsRefId'?: string;

  @TextParam('Only transfers with this refId.', 128)
  'filter.refId'?: string;

  @ChoiceParam('Only transfers with this refund status (UNSET: any).', TRANSFER_REFUND_STATUSES)
  'filter.transferRefundStatus'?: TransferRefundStatus;
}

export function toListTransfersCommand(query: ListTransfersQuery): ListTransfersCommand {
  const status = query['filter.transactionStatus'];
  const tokenIds = [query.tokenId, query['filter.tokenId']].filter((id): id is string => typeof id === 'string');
  return {
    limit: query['page.limit'],
    ...(query['page.offset'] === undefined ? {} : { offset: query['page.offset'] }),
    tokenIds,
    ...(query['filter.startTimeMs'] === undefined ? {} : { startTimeMs: query['filter.startTimeMs'] }),
    ...(query['filter.endTimeMs'] === undefined ? {} : { endTimeMs: query['filter.endTimeMs'] }),
    ...(status === undefined ? {} : { status: STATUS_ALIASES[status] ?? (status as TransferStatus) }),
    ...(query['filter.role'] === undefined ? {} : { role: query['filter.role'] }),
    ...(query['filter.actingAsRefId'] === undefined ? {} : { actingAsRefId: query['filter.actingAsRefId'] }),
    ...(query['filter.refId'] === undefined ? {} : { refId: query['filter.refId'] }),
    ...(query['filter.transferRefundStatus'] === undefined
      ? {}
      : { refundStatus: query['filter.transferRefundStatus'] }),
  };
}
