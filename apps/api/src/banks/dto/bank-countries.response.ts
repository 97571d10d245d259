import { ApiProperty } from '@nestjs/swagger';

export class GetBanksCountriesResponse {
  @ApiProperty({ type: [String], description: 'ISO 3166-1 alpha-2 codes, upper case, sorted.', example: ['DE', 'GB'] })
  countries!: string[];
}
