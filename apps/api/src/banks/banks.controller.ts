import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ListBankCountriesUseCase, ListBanksUseCase } from '#libs/application';
import { toGetBanksResponse, GetBanksResponse } from './bank-v1.view.js';
import { toGetBanksV2Response, GetBanksV2Response } from './bank-v2.view.js';
import { BankCountriesQuery } from './dto/bank-countries-query.dto.js';
import { GetBanksCountriesResponse } from './dto/bank-countries.response.js';
import { BanksV1Query } from './dto/banks-v1-query.dto.js';
import { BanksV2Query } from './dto/banks-v2-query.dto.js';
import { bankCountriesFilter, listBanksV1Command, listBanksV2Command } from './list-banks.command.js';
import { BANKS_ANSWER_EXAMPLE, BANKS_V2_ANSWER_EXAMPLE, BANK_COUNTRIES_ANSWER_EXAMPLE } from './bank-examples.js';

@ApiTags('Banks')
@Controller()
export class BanksController {
  constructor(
    private readonly listBanks: ListBanksUseCase,
    private readonly listCountries: ListBankCountriesUseCase,
  ) {}

  @Get('banks')
  @ApiOperation({
    summary: 'Get banks v1',
    operationId: 'GatewayService.GetBanks',
    description: 'The bank catalogue in the v1 shape, filtered and paged by page and perPage.',
  })
  @ApiOkResponse({ type: GetBanksResponse, example: BANKS_ANSWER_EXAMPLE })
  async getBanks(@Query() query: BanksV1Query): Promise<GetBanksResponse> {
    return toGetBanksResponse(await this.listBanks.execute(listBanksV1Command(query)));
  }

  @Get('v2/banks')
  @ApiOperation({
    summary: 'Get banks v2',
    operationId: 'GetBanksv2',
    description: 'The bank catalogue in the v2 shape, with what each bank supports, filtered and paged.',
  })
  @ApiOkResponse({ type: GetBanksV2Response, example: BANKS_V2_ANSWER_EXAMPLE })
  async getBanksV2(@Query() query: BanksV2Query): Promise<GetBanksV2Response> {
    return toGetBanksV2Response(await this.listBanks.execute(listBanksV2Command(query)));
  }

  @Get('bank/countries')
  @ApiOperation({
    summary: 'Get bank countries',
    operationId: 'GatewayService.GetBanksCountries',
    description: 'The countries of the banks that match the filters, as ISO 3166-1 alpha-2 codes.',
  })
  @ApiOkResponse({ type: GetBanksCountriesResponse, example: BANK_COUNTRIES_ANSWER_EXAMPLE })
  async getCountries(@Query() query: BankCountriesQuery): Promise<GetBanksCountriesResponse> {
    return { countries: await this.listCountries.execute(bankCountriesFilter(query)) };
  }
}
