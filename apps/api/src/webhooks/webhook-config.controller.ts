import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DeleteWebhookConfigUseCase,
  GetWebhookConfigUseCase,
  RotateWebhookSecretUseCase,
  SetWebhookConfigUseCase,
} from '#libs/application';
import { CurrentMember, type MemberContext } from '#libs/auth';
import {
  GetWebhookConfigResponse,
  RotateWebhookSecretRequest,
  RotateWebhookSecretResponse,
  SetWebhookConfigRequest,
  SetWebhookConfigResponse,
} from './webhook-config.dto.js';
import {
  DELETE_WEBHOOK_CONFIG_ANSWER_EXAMPLE,
  ROTATE_WEBHOOK_SECRET_ANSWER_EXAMPLE,
  SET_WEBHOOK_CONFIG_ANSWER_EXAMPLE,
  WEBHOOK_CONFIG_ANSWER_EXAMPLE,
} from './webhook-examples.js';

@ApiTags('Webhooks')
@Controller('webhook/config')
export class WebhookConfigController {
  constructor(
    private readonly setConfig: SetWebhookConfigUseCase,
    private readonly rotate: RotateWebhookSecretUseCase,
    private readonly getConfig: GetWebhookConfigUseCase,
    private readonly deleteConfig: DeleteWebhookConfigUseCase,
  ) {}

  @Put()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set webhook config',
    operationId: 'GatewayService.SetWebhookConfig',
    description:
      "Replaces the member's configuration (one per member). Unknown event types and unacceptable URLs answer 400 naming `config.type` or `config.url`. The response that creates the configuration carries its Standard Webhooks secret (`whsec_...`) once; later ones are empty.",
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
  @ApiOkResponse({ type: SetWebhookConfigResponse, example: SET_WEBHOOK_CONFIG_ANSWER_EXAMPLE })
  set(
    @CurrentMember() member: MemberContext,
    @Body() body: SetWebhookConfigRequest,
  ): Promise<SetWebhookConfigResponse> {
    return this.setConfig.execute({ memberId: member.memberId, config: body.config });
  }

  @Post('secret/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Rotate the webhook secret',
    operationId: 'GatewayService.RotateWebhookSecret',
    description:
      'Issues a new Standard Webhooks secret for the configuration and returns it (shown only here). Until `previousSecretsExpireAt` (after `overlapSeconds`, default one day) every delivery carries a `v1` signature under the new secret and under each previous one; after it, under the new one only. 404 when no configuration is set.',
  })
  @ApiBody({
    type: RotateWebhookSecretRequest,
    required: false,
    examples: { hourOverlap: { summary: 'The old secret keeps signing for an hour', value: { overlapSeconds: 3600 } } },
  })
  @ApiOkResponse({ type: RotateWebhookSecretResponse, example: ROTATE_WEBHOOK_SECRET_ANSWER_EXAMPLE })
  rotateSecret(
    @CurrentMember() member: MemberContext,
    @Body() body: RotateWebhookSecretRequest,
  ): Promise<RotateWebhookSecretResponse> {
    return this.rotate.execute({ ...body, memberId: member.memberId });
  }

  @Get()
  @ApiOperation({
    summary: 'Get webhook config',
    operationId: 'GatewayService.GetWebhookConfig',
    description: '404 when no configuration is set.',
  })
  @ApiOkResponse({ type: GetWebhookConfigResponse, example: WEBHOOK_CONFIG_ANSWER_EXAMPLE })
  get(@CurrentMember() member: MemberContext): Promise<GetWebhookConfigResponse> {
    return this.getConfig.execute({ memberId: member.memberId });
  }

  @Delete()
  @ApiOperation({
    summary: 'Delete webhook config',
    operationId: 'GatewayService.DeleteWebhookConfig',
    description:
      'Removes the configuration; notifications not yet delivered become dead letters. Answers 200 also when none was set.',
  })
  @ApiOkResponse({ schema: { type: 'object' }, example: DELETE_WEBHOOK_CONFIG_ANSWER_EXAMPLE })
  async delete(@CurrentMember() member: MemberContext): Promise<Record<string, never>> {
    await this.deleteConfig.execute({ memberId: member.memberId });
    return {};
  }
}
