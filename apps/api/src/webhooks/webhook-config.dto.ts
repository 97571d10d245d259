import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  DEFAULT_SECRET_OVERLAP_SECONDS,
  EVENT_TYPES,
  MAX_SECRET_OVERLAP_SECONDS,
  MAX_WEBHOOK_URL_LENGTH,
  type EventType,
} from '#libs/events';

function unknownTypes(args: ValidationArguments): string {
  const values: unknown[] = Array.isArray(args.value) ? (args.value as unknown[]) : [args.value];
  const unknown = values
    .filter((value) => !(EVENT_TYPES as readonly unknown[]).includes(value))
    .map((value) => JSON.stringify(value));
  return `type has unknown event types ${unknown.join(', ')}; allowed: ${EVENT_TYPES.join(', ')}`;
}

/** The most entries `type` takes (repeats included). */
const MAX_EVENT_TYPE_ENTRIES = 50;

export class WebhookConfigDto {
  @ApiProperty({
    enum: EVENT_TYPES,
    isArray: true,
    minItems: 1,
    maxItems: MAX_EVENT_TYPE_ENTRIES,
    example: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'],
    description: 'The event types to receive (at least one).',
  })
  @IsArray({ message: 'type must be an array of event types' })
  @ArrayMinSize(1, { message: 'type must name at least one event type' })
  @ArrayMaxSize(MAX_EVENT_TYPE_ENTRIES, { message: `type must have at most ${MAX_EVENT_TYPE_ENTRIES} entries` })
  @IsIn(EVENT_TYPES, { each: true, message: unknownTypes })
  type!: EventType[];

  @ApiProperty({
    example: 'https://tpp.example.com/webhooks/token',
    description:
      'Absolute URL that receives the notifications. Production: https, and the host must resolve only to public addresses (not loopback, private, link-local or cloud metadata). Sandbox: http and loopback receivers are allowed too.',
    maxLength: MAX_WEBHOOK_URL_LENGTH,
  })
  @IsString({ message: 'url must be a string' })
  @MaxLength(MAX_WEBHOOK_URL_LENGTH, { message: `url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters` })
  url!: string;
}

export class SetWebhookConfigRequest {
  @ApiProperty({ type: WebhookConfigDto })
  @IsDefined({ message: 'config is required' })
  @ValidateNested()
  @Type(() => WebhookConfigDto)
  config!: WebhookConfigDto;
}

export class GetWebhookConfigResponse {
  @ApiProperty({ type: WebhookConfigDto })
  config!: WebhookConfigDto;
}

export class SetWebhookConfigResponse {
  @ApiPropertyOptional({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/8gc+Jj02IQ=',
    description:
      'The Standard Webhooks secret of this configuration, for `v1` signatures in `webhook-signature`. Present only in the response that creates it (the first PUT, or the first after a DELETE): store it now, it is never shown again. Absent when the configuration already has one.',
  })
  secret?: string;
}

export class RotateWebhookSecretRequest {
  @ApiPropertyOptional({
    minimum: 0,
    maximum: MAX_SECRET_OVERLAP_SECONDS,
    default: DEFAULT_SECRET_OVERLAP_SECONDS,
    example: 3600,
    description:
      'How long the secrets in use now keep signing beside the new one, in seconds (default one day, at most seven). 0 ends them at once.',
  })
  @IsOptional()
  @IsInt({ message: 'overlapSeconds must be a whole number of seconds' })
  @Min(0, { message: 'overlapSeconds must not be negative' })
  @Max(MAX_SECRET_OVERLAP_SECONDS, {
    message: `overlapSeconds must be at most ${MAX_SECRET_OVERLAP_SECONDS} (seven days)`,
  })
  overlapSeconds?: number;
}

export class RotateWebhookSecretResponse {
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/8gc+Jj02IQ=',
    description: 'The new secret; shown only in this response. Deliveries carry a `v1` signature under it from now on.',
  })
  secret!: string;

  @ApiProperty({
    example: '2026-01-02T10:00:00.000Z',
    description:
      'Until then deliveries also carry a `v1` signature under each previous secret, so receivers can switch without a gap.',
  })
  previousSecretsExpireAt!: string;
}
