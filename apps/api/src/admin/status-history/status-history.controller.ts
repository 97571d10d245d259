import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { StatusHistoryQuery, StatusHistoryResponse } from './status-history.dto.js';
import { ReadStatusHistoryUseCase } from './read-status-history.usecase.js';

@ApiTags('Admin: status history')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/status-history')
export class StatusHistoryController {
  constructor(private readonly history: ReadStatusHistoryUseCase) {}

  @Get(':resourceId')
  @ApiOperation({
    summary:
      'Every status change of a payment, transfer, refund, VRP, VRP consent or payout, oldest first: kept after the webhook retention purged the events.',
  })
  @ApiOkResponse({ type: StatusHistoryResponse })
  read(@Param('resourceId') resourceId: string, @Query() query: StatusHistoryQuery): Promise<StatusHistoryResponse> {
    return this.history.execute(resourceId, query);
  }
}
