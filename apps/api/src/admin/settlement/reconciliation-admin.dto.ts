import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
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

/** The page a list query asks for. */
export function pageOf(query: ReconciliationListQuery): { offset: number; limit: number } {
  return { offset: Number(query.offset ?? '0'), limit: query.limit ?? ADMIN_PAGE_LIMIT.default };
}

export class MatchCreditRequest {
  @ApiProperty({ description: 'The credit (settlement-account transaction id).', example: 'st:4LwJ2m' })
  @IsString({ message: 'creditId must be a string' })
  @MaxLength(128, { message: 'creditId must be at most 128 characters' })
  creditId!: string;

  @ApiProperty({ description: 'The payment the credit settles.', example: 'pm2:3xQ7N' })
  @IsString({ message: 'paymentId must be a string' })
  @MaxLength(128, { message: 'paymentId must be at most 128 characters' })
  paymentId!: string;
}
