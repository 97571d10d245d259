import { ApiProperty } from '@nestjs/swagger';

export class Paging {
  @ApiProperty({ description: 'The page answered, from 1.', example: 1 })
  page!: number;

  @ApiProperty({ description: 'Pages the whole result fills at perPage (0 when nothing matches).', example: 3 })
  pageCount!: number;

  @ApiProperty({ description: 'Banks per page.', example: 200 })
  perPage!: number;

  @ApiProperty({ description: 'Banks matching the request, over all pages.', example: 421 })
  totalCount!: number;
}
