import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsNumber, Max, Min } from 'class-validator';

export class FaultSettingsRequest {
  @ApiProperty({
    description: 'Milliseconds added to every API and token call of the bank.',
    minimum: 0,
    maximum: 120_000,
    example: 0,
  })
  @IsInt()
  @Min(0)
  @Max(120_000)
  latencyMs!: number;

  @ApiProperty({
    description: 'Share (0..1) of API and token calls answered with a 500.',
    minimum: 0,
    maximum: 1,
    example: 0,
  })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  errorRate!: number;
}

export class FaultSettingsResponse {
  @ApiProperty() bankId!: string;
  @ApiProperty() latencyMs!: number;
  @ApiProperty() errorRate!: number;
}
