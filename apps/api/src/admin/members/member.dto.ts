import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export const MEMBER_STATUSES = ['ACTIVE', 'SUSPENDED'] as const;
export type MemberStatusName = (typeof MEMBER_STATUSES)[number];

export class CreateMemberRequest {
  @ApiProperty({ example: 'Acme Payments Ltd' })
  @IsString({ message: 'name must be a string' })
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name!: string;

  @ApiPropertyOptional({
    default: true,
    description: 'Unregulated members must send onBehalfOfId where the interface says so.',
  })
  @IsOptional()
  @IsBoolean({ message: 'regulated must be a boolean' })
  regulated?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Resellers may manage sub-TPPs.' })
  @IsOptional()
  @IsBoolean({ message: 'reseller must be a boolean' })
  reseller?: boolean;
}

export class UpdateMemberRequest {
  @ApiPropertyOptional({ enum: MEMBER_STATUSES, description: 'SUSPENDED members get 403 on every call.' })
  @IsOptional()
  @IsIn(MEMBER_STATUSES, { message: `status must be one of ${MEMBER_STATUSES.join(', ')}` })
  status?: MemberStatusName;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'name must be a string' })
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200, { message: 'name must be at most 200 characters' })
  name?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'regulated must be a boolean' })
  regulated?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'reseller must be a boolean' })
  reseller?: boolean;
}

export class ListMembersQuery {
  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(200, { message: 'limit must be at most 200' })
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque offset from the previous page.' })
  @IsOptional()
  @IsString({ message: 'offset must be a string' })
  @MaxLength(100, { message: 'offset must be at most 100 characters' })
  offset?: string;
}

export class MemberView {
  @ApiProperty({ example: 'm:3qVTbXqXZza2VTKa28BPbExm' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() regulated!: boolean;
  @ApiProperty() reseller!: boolean;
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
  @ApiProperty({ example: { limit: 50, offset: 'm:3qVT...' } }) paging!: { limit: number; offset?: string };
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
