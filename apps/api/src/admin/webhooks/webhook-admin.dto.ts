import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '#libs/events';
import { PageLimitParam, PageOffsetParam, type AdminPaging } from '../admin-paging.js';

export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'DEAD'] as const;
export type DeliveryStatusName = (typeof DELIVERY_STATUSES)[number];
export const REPLAYABLE_STATUSES = ['DEAD', 'DELIVERED'] as const;
const LISTED_EVENT_TYPES = [...EVENT_TYPES, TEST_EVENT_TYPE] as const;

/** The deliveries of one member only (list and replay filters). */
function MemberIdFilter(description?: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional(description === undefined ? {} : { description }),
    IsOptional(),
    IsString({ message: 'memberId must be a string' }),
    MaxLength(100, { message: 'memberId must be at most 100 characters' }),
  );
}

/** The deliveries of one event type only (list and replay filters). */
function EventTypeFilter(): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ enum: LISTED_EVENT_TYPES }),
    IsOptional(),
    IsIn(LISTED_EVENT_TYPES, { message: `eventType must be one of ${LISTED_EVENT_TYPES.join(', ')}` }),
  );
}

export class ListDeliveriesQuery {
  @MemberIdFilter("Only this member's deliveries.")
  memberId?: string;

  @EventTypeFilter()
  eventType?: string;

  @ApiPropertyOptional({ enum: DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES, { message: `status must be one of ${DELIVERY_STATUSES.join(', ')}` })
  status?: DeliveryStatusName;

  @PageLimitParam()
  limit?: number;

  /** Base64url of a time and a delivery id: longer than the member lists' offsets. */
  @PageOffsetParam('Opaque offset from the previous page (newest first).', 200)
  offset?: string;
}

export class ReplayDeliveriesRequest {
  @ApiPropertyOptional({
    type: [String],
    description: 'Replay exactly these deliveries (then the filters are ignored).',
  })
  @IsOptional()
  @IsArray({ message: 'deliveryIds must be an array' })
  @ArrayMaxSize(1000, { message: 'deliveryIds must have at most 1000 entries' })
  @IsString({ each: true, message: 'deliveryIds must hold strings' })
  deliveryIds?: string[];

  @MemberIdFilter()
  memberId?: string;

  @EventTypeFilter()
  eventType?: string;

  @ApiPropertyOptional({ enum: REPLAYABLE_STATUSES, default: 'DEAD' })
  @IsOptional()
  @IsIn(REPLAYABLE_STATUSES, { message: `status must be one of ${REPLAYABLE_STATUSES.join(', ')}` })
  status?: (typeof REPLAYABLE_STATUSES)[number];

  @ApiPropertyOptional({
    default: 100,
    minimum: 1,
    maximum: 1000,
    description: 'Most deliveries replayed by one call (oldest first).',
  })
  @IsOptional()
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(1000, { message: 'limit must be at most 1000' })
  limit?: number;
}

export class DeliveryView {
  @ApiProperty({ example: 'wd:4hTq...' }) id!: string;
  @ApiProperty({ description: 'The notification id (body `id`, `webhook-id`).' }) eventId!: string;
  @ApiProperty() memberId!: string;
  @ApiProperty() eventType!: string;
  @ApiProperty({ enum: DELIVERY_STATUSES }) status!: string;
  @ApiProperty({ description: 'Attempts in the current round.' }) attemptCount!: number;
  @ApiProperty({ description: 'Replays so far (0 before any).' }) round!: number;
  @ApiProperty() createdDateTime!: string;
  @ApiPropertyOptional() firstAttemptDateTime?: string;
  @ApiPropertyOptional() lastAttemptDateTime?: string;
  @ApiPropertyOptional() nextAttemptDateTime?: string;
  @ApiPropertyOptional() deliveredDateTime?: string;
  @ApiPropertyOptional() deadDateTime?: string;
  @ApiPropertyOptional() lastStatusCode?: number;
  @ApiPropertyOptional() lastError?: string;
}

export class AttemptView {
  @ApiProperty() round!: number;
  @ApiProperty() attemptNo!: number;
  @ApiProperty() attemptedDateTime!: string;
  @ApiProperty() url!: string;
  @ApiPropertyOptional({ description: 'Signing key id.' }) kid?: string;
  @ApiPropertyOptional() statusCode?: number;
  @ApiProperty() latencyMs!: number;
  @ApiPropertyOptional() error?: string;
}

export class DeliveryDetail extends DeliveryView {
  @ApiProperty({ description: 'The exact body posted on every attempt.' }) body!: string;
  @ApiProperty({ type: [AttemptView] }) attempts!: AttemptView[];
}

export class ListDeliveriesResponse {
  @ApiProperty({ type: [DeliveryView] }) deliveries!: DeliveryView[];
  @ApiProperty({ example: { limit: 50, offset: 'MTc2...' } }) paging!: AdminPaging;
}

export class DeliveryResponse {
  @ApiProperty({ type: DeliveryDetail }) delivery!: DeliveryDetail;
}

export class ReplayResponse {
  @ApiProperty({ type: [String] }) replayed!: string[];
  @ApiProperty({
    type: [String],
    description: 'Not replayed: unknown, still pending, or the member has no configuration.',
  })
  skipped!: string[];
}

export class MemberWebhookView {
  @ApiProperty() memberId!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String] }) type!: string[];
  @ApiProperty() paused!: boolean;
  @ApiPropertyOptional() pausedDateTime?: string;
}

export class MemberWebhookResponse {
  @ApiProperty({ type: MemberWebhookView }) config!: MemberWebhookView;
}

export class ResumeResponse extends MemberWebhookResponse {
  @ApiProperty({ description: 'Pending deliveries that were due and are now attempted.' }) rescheduled!: number;
}

export class TestEventResponse {
  @ApiProperty({ description: 'Id of the WEBHOOK_TEST notification; follow it in the deliveries list.' })
  eventId!: string;
}

export class SigningKeyView {
  @ApiProperty() kid!: string;
  @ApiProperty() createdDateTime!: string;
  @ApiPropertyOptional() retiredDateTime?: string;
  @ApiProperty({ description: 'Still in the JWKS (in use, or retired within the grace period).' }) published!: boolean;
}

export class SigningKeysResponse {
  @ApiProperty({ type: [SigningKeyView] }) keys!: SigningKeyView[];
}

export class RotateResponse {
  @ApiProperty({ description: 'The key that signs from now on.' }) kid!: string;
  @ApiProperty({ type: [String], description: 'Keys retired by this rotation (still published for the grace period).' })
  retired!: string[];
}
