import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetBankStatusUseCase, ListBankStatusesUseCase } from '#libs/application';
import { GetBankStatusResponse, GetBanksStatusResponse } from './bank-status.view.js';
import { BanksStatusQuery } from './banks-status-query.dto.js';
import { BANKS_STATUS_ANSWER_EXAMPLE, BANK_STATUS_ANSWER_EXAMPLE } from './bank-status-examples.js';

const NEVER_PROBED =
  'A bank not probed yet (or whose protocol has no connector) is reported LIVE with lastUpdatedAt "0".';

@ApiTags('Reports')
@Controller('reports/banks')
export class ReportsController {
  constructor(
    private readonly listStatuses: ListBankStatusesUseCase,
    private readonly getStatus: GetBankStatusUseCase,
  ) {}

  @Get('status')
  @ApiOperation({
    summary: 'Get bank statuses',
    operationId: 'GatewayService.GetBanksStatus',
    description: `AIS and PIS status of every listed bank, as last probed. lastUpdatedAt: milliseconds since the last status change. ${NEVER_PROBED}`,
  })
  @ApiOkResponse({ type: GetBanksStatusResponse, example: BANKS_STATUS_ANSWER_EXAMPLE })
  async list(@Query() query: BanksStatusQuery): Promise<GetBanksStatusResponse> {
    return { banksStatus: await this.listStatuses.execute({ bankIds: query.bankIds }) };
  }

  @Get(':bankId/status')
  @ApiOperation({
    summary: 'Get a bank status',
    operationId: 'GatewayService.GetBankStatus',
    description: `AIS and PIS status of one listed bank; 404 (paymentId = the bank id) for an unknown bank. ${NEVER_PROBED}`,
  })
  @ApiOkResponse({ type: GetBankStatusResponse, example: BANK_STATUS_ANSWER_EXAMPLE })
  async get(@Param('bankId') bankId: string): Promise<GetBankStatusResponse> {
    return { bankStatus: await this.getStatus.execute({ bankId }) };
  }
}
