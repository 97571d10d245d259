import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { MAX_RESOLUTION_REASON_LENGTH } from '#libs/application';
import { OPERATOR_OUTCOMES, OUTCOME_KINDS, type OperatorOutcome } from '#libs/domain';
import { ADMIN_PAGE_LIMIT, PageLimitParam, PageOffsetParam } from '../admin-paging.js';

export class OutcomeCheckListQuery {
  @ApiPropertyOptional({ description: 'Only checks flagged for an operator.', enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'flagged must be true or false' })
  flagged?: string;

  @ApiPropertyOptional({ description: 'Only checks of this kind of resource.', enum: OUTCOME_KINDS })
  @IsOptional()
  @IsIn(OUTCOME_KINDS, { message: `kind must be one of ${OUTCOME_KINDS.join(', ')}` })
  kind?: (typeof OUTCOME_KINDS)[number];

  @PageLimitParam()
  limit?: number;

  @PageOffsetParam('Offset from the previous page.', 12)
  @Matches(/^\d+$/, { message: 'offset must be a whole number' })
  offset?: string;
}

export class OperatorEventListQuery {
  @ApiPropertyOptional({ description: 'Only events about this resource.' })
  @IsOptional()
  @IsString({ message: 'resourceId must be a string' })
  @MaxLength(128, { message: 'resourceId must be at most 128 characters' })
  resourceId?: string;

  @PageLimitParam()
  limit?: number;

  @PageOffsetParam('Offset from the previous page.', 12)
  @Matches(/^\d+$/, { message: 'offset must be a whole number' })
  offset?: string;
}

export class ResolveOutcomeCheckRequest {
  @ApiProperty({
    description: "The operator's reason, kept with the resolution (what the bank said, a ticket).",
    example: 'Bank confirmed by phone: the order was not executed (ticket OPS-1042).',
  })
  @IsString({ message: 'reason must be a string' })
  @MinLength(1, { message: 'reason must not be empty' })
  @MaxLength(MAX_RESOLUTION_REASON_LENGTH, {
    message: `reason must be at most ${MAX_RESOLUTION_REASON_LENGTH} characters`,
  })
  reason!: string;

  @ApiPropertyOptional({
    description:
      'What the operator found at the provider or bank, for payouts and refunds: NOT_EXECUTED ends the resource INITIATION_FAILED (a payout’s reservation released, a refund no longer counted against its payment); EXECUTED ends it INITIATION_COMPLETED (a payout debited, a refund settled). Each in the transaction that ends the check, with the resource’s status event. Without it the check ends and the resource stays as it is.',
    enum: OPERATOR_OUTCOMES,
  })
  @IsOptional()
  @IsIn(OPERATOR_OUTCOMES, { message: `outcome must be one of ${OPERATOR_OUTCOMES.join(', ')}` })
  outcome?: OperatorOutcome;
}

export function pageOf(query: { offset?: string; limit?: number }): { offset: number; limit: number } {
  return { offset: Number(query.offset ?? '0'), limit: query.limit ?? ADMIN_PAGE_LIMIT.default };
}
