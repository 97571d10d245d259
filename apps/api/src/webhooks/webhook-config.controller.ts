import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentMember, type MemberContext } from '#libs/auth';
import { GetWebhookConfigResponse, SetWebhookConfigRequest } from './webhook-config.dto.js';
import { WebhookConfigUseCases } from './webhook-config.usecases.js';

@ApiTags('Webhooks')
@Controller('webhook/config')
export class WebhookConfigController {
  constructor(private readonly configs: WebhookConfigUseCases) {}

  @Put()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set webhook config',
    operationId: 'GatewayService.SetWebhookConfig',
    description:
      "Replaces the member's configuration (one per member). Unknown event types and unacceptable URLs answer 400 naming `config.type` or `config.url`.",
  })
  @ApiBody({
    type: SetWebhookConfigRequest,
    examples: {
      sandbox: {
        summary: 'Sandbox: payment status changes to a receiver on your own machine (production wants public https)',
        value: { config: { type: ['PAYMENT_STATUS_CHANGED'], url: 'http://127.0.0.1:4000/webhooks' } },
      },
    },
  })
  @ApiOkResponse({ schema: { type: 'object' } })
  async set(
    @CurrentMember() member: MemberContext,
    @Body() body: SetWebhookConfigRequest,
  ): Promise<Record<string, never>> {
    await this.configs.set(member.memberId, body);
    return {};
  }

  @Get()
  @ApiOperation({
    summary: 'Get webhook config',
    operationId: 'GatewayService.GetWebhookConfig',
    description: '404 when no configuration is set.',
  })
  @ApiOkResponse({ type: GetWebhookConfigResponse })
  get(@CurrentMember() member: MemberContext): Promise<GetWebhookConfigResponse> {
    return this.configs.get(member.memberId);
  }

  @Delete()
  @ApiOperation({
    summary: 'Delete webhook config',
    operationId: 'GatewayService.DeleteWebhookConfig',
    description:
      'Removes the configuration; notifications not yet delivered become dead letters. Answers 200 also when none was set.',
  })
  @ApiOkResponse({ schema: { type: 'object' } })
  async delete(@CurrentMember() member: MemberContext): Promise<Record<string, never>> {
    await this.configs.delete(member.memberId);
    return {};
  }
}
