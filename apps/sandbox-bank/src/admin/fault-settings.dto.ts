import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
} from 'class-validator';

/** A fault setting replaces the bank's faults as a whole; what it leaves out is off. */
export class FaultSettingsRequest {
  @ApiPropertyOptional({
    description: 'Milliseconds added to every API and token call of the bank, before any work.',
    minimum: 0,
    maximum: 120_000,
    example: 0,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(120_000)
  latencyMs?: number;

  @ApiPropertyOptional({
    description: 'Share (0..1) of API and token calls answered with a 500, before any work.',
    minimum: 0,
    maximum: 1,
    example: 0,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  errorRate?: number;

  @ApiPropertyOptional({
    description:
      'Share (0..1) of changing calls (POST, PUT, DELETE) whose work the bank commits and whose answer it then loses: half a 503, half a connection closed without an answer.',
    minimum: 0,
    maximum: 1,
    example: 0,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  lostAnswerRate?: number;

  @ApiPropertyOptional({
    description: 'Milliseconds a changing call waits after its work commits, before answering.',
    minimum: 0,
    maximum: 120_000,
    example: 0,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(120_000)
  lateAnswerMs?: number;

  @ApiPropertyOptional({
    description:
      'The operations the faults apply to, by the resource the standard names (domestic-payments, domestic-payment-consents, domestic-vrps, token, payments, consents, payouts ...); all when absent.',
    type: [String],
    example: ['domestic-payments'],
  })
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @Matches(/^[a-z][a-z0-9-]{0,63}$/, { each: true })
  only?: string[];
}

export class FaultSettingsResponse {
  @ApiProperty() bankId!: string;
  @ApiProperty() latencyMs!: number;
  @ApiProperty() errorRate!: number;
  @ApiProperty() lostAnswerRate!: number;
  @ApiProperty() lateAnswerMs!: number;
  @ApiProperty({ type: [String] }) only!: string[];
}
