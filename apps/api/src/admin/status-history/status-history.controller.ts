import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ReadStatusHistoryUseCase } from '#libs/application';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
import { AdminTokenGuard } from '../admin-token.guard.js';
import { StatusHistoryQuery, StatusHistoryResponse } from './status-history.dto.js';

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
    return this.history.execute({ resourceId, limit: query.limit ?? ADMIN_PAGE_LIMIT.default, offset: query.offset });
  }
}
