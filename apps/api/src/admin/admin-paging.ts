import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** The admin lists' pages: `limit` from 1 to 200, 50 when not given, and an opaque `offset`. */
export const ADMIN_PAGE_LIMIT = { default: 50, max: 200 } as const;

/** The `paging` of an admin list's answer: the limit used and, when more may follow, the next offset. */
export interface AdminPaging {
  limit: number;
  offset?: string;
}

/** `limit`: a whole number from 1 to 200 (the query gives it as text). */
export function PageLimitParam(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ default: ADMIN_PAGE_LIMIT.default, minimum: 1, maximum: ADMIN_PAGE_LIMIT.max }),
    IsOptional(),
    Type(() => Number),
    IsInt({ message: 'limit must be an integer' }),
    Min(1, { message: 'limit must be at least 1' }),
    Max(ADMIN_PAGE_LIMIT.max, { message: `limit must be at most ${ADMIN_PAGE_LIMIT.max}` }),
  );
}

/** `offset`: the opaque text a previous page answered, at most `maxLength` characters (each list's own form). */
export function PageOffsetParam(description: string, maxLength: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ description }),
    IsOptional(),
    IsString({ message: 'offset must be a string' }),
    MaxLength(maxLength, { message: `offset must be at most ${maxLength} characters` }),
  );
}
