import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { PageLimitParam, PageOffsetParam, type AdminPaging } from '../admin-paging.js';

export const MEMBER_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type MemberStatusName = (typeof MEMBER_STATUSES)[number];

/** A member's name: 1 to 200 characters (required when creating, optional when updating). */
function MemberName(required: boolean, example?: string): PropertyDecorator {
  return applyDecorators(
    ...(required ? [ApiProperty({ example })] : [ApiPropertyOptional(), IsOptional()]),
    IsString({ message: 'name must be a string' }),
    MinLength(1, { message: 'name must not be empty' }),
    MaxLength(200, { message: 'name must be at most 200 characters' }),
  );
}

/** An optional flag of the member (`regulated`, `reseller`). */
function MemberFlag(api: ApiPropertyOptions = {}): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional(api), IsOptional(), IsBoolean({ message: '$property must be a boolean' }));
}

export class CreateMemberRequest {
  @MemberName(true, 'Acme Payments Ltd')
  name!: string;

  @MemberFlag({ default: true, description: 'Unregulated members must send onBehalfOfId where the interface says so.' })
  regulated?: boolean;

  @MemberFlag({ default: false, description: 'Resellers may manage sub-TPPs.' })
  reseller?: boolean;
}

export class UpdateMemberRequest {
  @ApiPropertyOptional({ enum: MEMBER_STATUSES, description: 'SUSPENDED members get 403 on every call.' })
  @IsOptional()
  @IsIn(MEMBER_STATUSES, { message: `status must be one of ${MEMBER_STATUSES.join(', ')}` })
  status?: MemberStatusName;

  @MemberName(false)
  name?: string;

  @MemberFlag()
  regulated?: boolean;

  @MemberFlag()
  reseller?: boolean;

  @ApiPropertyOptional({
    description:
      'Payments v1: true (the default) redeems a transfer token as the user authorises it; false leaves the token for POST /transfers where the bank can submit an authorised payment later.',
  })
  // null is refused (not skipped): the column has no "unset".
  @ValidateIf((_object, value) => value !== undefined)
  @IsBoolean({ message: '$property must be a boolean' })
  autoRedeem?: boolean;
}

export class ListMembersQuery {
  @PageLimitParam()
  limit?: number;

  /** Member ids are short: an offset (the last id of a page) longer than 100 characters names none. */
  @PageOffsetParam('Opaque offset from the previous page.', 100)
  offset?: string;
}

export class MemberView {
  @ApiProperty({ example: 'm:3qVTbXqXZza2VTKa28BPbExm' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() regulated!: boolean;
  @ApiProperty() reseller!: boolean;
  @ApiProperty({ description: 'Payments v1: transfer tokens are redeemed as the user authorises them.' })
  autoRedeem!: boolean;
  @ApiProperty({ enum: MEMBER_STATUSES }) status!: string;
  @ApiProperty({ example: '2026-11-22T04:00:00.000Z' }) createdDateTime!: string;
}

export class CreateMemberResponse {
  @ApiProperty({ type: MemberView }) member!: MemberView;
  @ApiProperty({ description: "The member's first sandbox API key; shown once." }) apiKey!: string;
}

export class MemberResponse {
  @ApiProperty({ type: MemberView }) member!: MemberView;
}

export class ListMembersResponse {
  @ApiProperty({ type: [MemberView] }) members!: MemberView[];
  @ApiProperty({ example: { limit: 50, offset: 'm:3qVT...' } }) paging!: AdminPaging;
}

export class ApiKeyView {
  @ApiProperty() id!: string;
  @ApiPropertyOptional() label?: string;
  @ApiProperty() createdDateTime!: string;
  @ApiPropertyOptional() lastUsedDateTime?: string;
  @ApiPropertyOptional() revokedDateTime?: string;
}

export class IssueApiKeyRequest {
  @ApiPropertyOptional({ example: 'ci' })
  @IsOptional()
  @IsString({ message: 'label must be a string' })
  @MaxLength(100, { message: 'label must be at most 100 characters' })
  label?: string;
}

export class IssueApiKeyResponse {
  @ApiProperty({ type: ApiKeyView }) key!: ApiKeyView;
  @ApiProperty({ description: 'The API key; shown once, only its hash is stored.' }) apiKey!: string;
}

export class ListApiKeysResponse {
  @ApiProperty({ type: [ApiKeyView] }) keys!: ApiKeyView[];
}
