import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsString,
  MaxLength,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { EVENT_TYPES, MAX_WEBHOOK_URL_LENGTH, type EventType } from '#libs/events';

function unknownTypes(args: ValidationArguments): string {
  const values: unknown[] = Array.isArray(args.value) ? (args.value as unknown[]) : [args.value];
  const unknown = values
    .filter((value) => !(EVENT_TYPES as readonly unknown[]).includes(value))
    .map((value) => JSON.stringify(value));
  return `type has unknown event types ${unknown.join(', ')}; allowed: ${EVENT_TYPES.join(', ')}`;
}

export class WebhookConfigDto {
  @ApiProperty({
    enum: EVENT_TYPES,
    isArray: true,
    example: ['PAYMENT_STATUS_CHANGED', 'REFUND_STATUS_CHANGED'],
    description: 'The event types to receive (at least one).',
  })
  @IsArray({ message: 'type must be an array of event types' })
  @ArrayMinSize(1, { message: 'type must name at least one event type' })
  @ArrayMaxSize(50, { message: 'type must have at most 50 entries' })
  @IsIn(EVENT_TYPES, { each: true, message: unknownTypes })
  type!: EventType[];

  @ApiProperty({
    example: 'https://tpp.example.com/webhooks/token',
    description:
      'Absolute URL that receives the notifications. Production: https, and the host must resolve only to public addresses (not loopback, private, link-local or cloud metadata). Sandbox: http and loopback receivers are allowed too.',
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
