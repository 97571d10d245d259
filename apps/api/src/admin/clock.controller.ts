import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdvanceClockUseCase } from '#libs/application';
import { AdminTokenGuard } from './admin-token.guard.js';
import { AdvanceClockRequest, AdvanceClockResponse } from './advance-clock.dto.js';

@ApiTags('Admin: clock')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/clock')
export class ClockController {
  constructor(private readonly advanceClock: AdvanceClockUseCase) {}

  @Post('advance')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sandbox only: move the service clock forward for api and worker alike.' })
  @ApiOkResponse({ type: AdvanceClockResponse })
  async advance(@Body() body: AdvanceClockRequest): Promise<AdvanceClockResponse> {
    return this.advanceClock.execute({ seconds: body.seconds });
  }
}
