import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ListCreditsCommand, ReconciliationListCommand } from '#libs/application';
import { RECONCILIATION_STATES } from '#libs/domain';
import { FieldCheck, isAbsent } from '../../shared/dto/field-check.js';
import { ADMIN_PAGE_LIMIT, PageLimitParam, PageOffsetParam } from '../admin-paging.js';

export class ReconciliationListQuery {
  @ApiPropertyOptional({ description: "Only this member's rows." })
  @IsOptional()
  @IsString({ message: 'memberId must be a string' })
  @MaxLength(100, { message: 'memberId must be at most 100 characters' })
  memberId?: string;

  @PageLimitParam()
  limit?: number;

  @PageOffsetParam('Offset from the previous page.', 12)
  @Matches(/^\d+$/, { message: 'offset must be a whole number' })
  offset?: string;
}

export class CreditListQuery extends ReconciliationListQuery {
  @ApiPropertyOptional({ description: 'Only credits in this reconciliation state.', enum: RECONCILIATION_STATES })
  @IsOptional()
  @IsIn(RECONCILIATION_STATES, { message: `reconciliationState must be one of ${RECONCILIATION_STATES.join(', ')}` })
  reconciliationState?: string;

  @ApiPropertyOptional({ description: 'Only the credits booked against this payment.' })
  @IsOptional()
  @IsString({ message: 'paymentId must be a string' })
  @MaxLength(128, { message: 'paymentId must be at most 128 characters' })
  paymentId?: string;

  @ApiPropertyOptional({ description: 'Only the credits booked against this Payments v1 transfer.' })
  @IsOptional()
  @IsString({ message: 'transferId must be a string' })
  @MaxLength(128, { message: 'transferId must be at most 128 characters' })
  transferId?: string;
}

/** The page a list query asks for. */
function pageOf(query: ReconciliationListQuery): { offset: number; limit: number } {
  return { offset: Number(query.offset ?? '0'), limit: query.limit ?? ADMIN_PAGE_LIMIT.default };
}

/** A list's command: the page the query asks for, of one member's rows when it names one. */
export function toReconciliationListCommand(query: ReconciliationListQuery): ReconciliationListCommand {
  return { ...(query.memberId === undefined ? {} : { memberId: query.memberId }), ...pageOf(query) };
}

/** GET credits' command: the page and the filter the query asks for. */
export function toListCreditsCommand(query: CreditListQuery): ListCreditsCommand {
  const { memberId, reconciliationState, paymentId, transferId } = query;
  return {
    filter: {
      ...(memberId === undefined ? {} : { memberId }),
      ...(reconciliationState === undefined ? {} : { reconciliationState }),
      ...(paymentId === undefined ? {} : { paymentId }),
      ...(transferId === undefined ? {} : { transferId }),
    },
    ...pageOf(query),
  };
}

/** One of a match's two targets: a string id, and exactly one of paymentId and transferId given. */
function MatchTarget(description: string, other: 'paymentId' | 'transferId'): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description, maxLength: 128 }),
    FieldCheck((value, args) => {
      const otherValue = (args.object as Record<string, unknown>)[other];
      if (isAbsent(value))
        return isAbsent(otherValue) && other === 'transferId' ? `or transferId is required` : undefined;
      if (typeof value !== 'string' || value.length === 0 || value.length > 128)
        return 'must be a string of 1 to 128 characters';
      return isAbsent(otherValue) ? undefined : `must not be given with ${other}: a credit settles one of them`;
    }),
  );
}

export class MatchCreditRequest {
  @ApiProperty({ description: 'The credit (settlement-account transaction id).', example: 'st:4LwJ2m' })
  @IsString({ message: 'creditId must be a string' })
  @MaxLength(128, { message: 'creditId must be at most 128 characters' })
  creditId!: string;

  @MatchTarget('The Payments v2 payment the credit settles (or transferId).', 'transferId')
  paymentId?: string;

  @MatchTarget('The Payments v1 transfer the credit settles (or paymentId).', 'paymentId')
  transferId?: string;
}
