import { Body, Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { SharedClock } from '#libs/db';
import { AdminTokenGuard } from './admin-token.guard.js';
import { AdvanceClockRequest, AdvanceClockResponse } from './advance-clock.dto.js';

@ApiTags('Admin: clock')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/clock')
export class ClockController {
  constructor(
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('advance')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sandbox only: move the service clock forward for api and worker alike.' })
  @ApiOkResponse({ type: AdvanceClockResponse })
  async advance(@Body() body: AdvanceClockRequest): Promise<AdvanceClockResponse> {
    if (this.config.environment !== 'sandbox' || !(this.clock instanceof SharedClock)) {
      throw new GatewayError('PermissionDenied', { message: 'The clock can only be advanced in sandbox.' });
    }
    const offsetMs = await this.clock.advance(body.seconds);
    return { offsetMs, now: this.clock.now().toISOString() };
  }
}
