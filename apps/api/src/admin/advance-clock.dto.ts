import { ApiProperty } from '@nestjs/swagger';
import { IsNumber, Max, Min } from 'class-validator';

/** The longest advance one call may make: 400 days, in seconds. */
export const MAX_ADVANCE_SECONDS = 400 * 24 * 3600;

export class AdvanceClockRequest {
  @ApiProperty({ description: 'Seconds to move the service clock forward (at most 400 days).', example: 900 })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'seconds must be a number' })
  @Min(0, { message: 'seconds must not be negative' })
  @Max(MAX_ADVANCE_SECONDS, { message: 'seconds must be at most 34560000 (400 days)' })
  seconds!: number;
}

export class AdvanceClockResponse {
  @ApiProperty({ description: 'Total offset of the service clock from wall time, in milliseconds.' })
  offsetMs!: number;

  @ApiProperty({ description: 'The service clock after the advance (ISO 8601).' })
  now!: string;
}
