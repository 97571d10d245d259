import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { MemberId } from '#libs/domain';
import { AdminMemberIdPipe } from '../admin-member-id.js';
import { AdminTokenGuard } from '../admin-token.guard.js';
import {
  DeliveryResponse,
  ListDeliveriesQuery,
  ListDeliveriesResponse,
  MemberWebhookResponse,
  ReplayDeliveriesRequest,
  ReplayResponse,
  ResumeResponse,
  RotateResponse,
  SigningKeysResponse,
  TestEventResponse,
} from './webhook-admin.dto.js';
import { WebhookAdminUseCases } from './webhook-admin.usecases.js';

@ApiTags('Admin: webhooks')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/webhooks')
export class WebhookAdminController {
  constructor(private readonly webhooks: WebhookAdminUseCases) {}

  @Get('deliveries')
  @ApiOperation({ summary: 'List deliveries (newest first), by member, event type and status.' })
  @ApiOkResponse({ type: ListDeliveriesResponse })
  list(@Query() query: ListDeliveriesQuery): Promise<ListDeliveriesResponse> {
    return this.webhooks.list(query);
  }

  @Get('dead-letters')
  @ApiOperation({ summary: 'List dead letters: deliveries that exhausted their attempts (status DEAD).' })
  @ApiOkResponse({ type: ListDeliveriesResponse })
  deadLetters(@Query() query: ListDeliveriesQuery): Promise<ListDeliveriesResponse> {
    return this.webhooks.list({ ...query, status: 'DEAD' });
  }

  @Post('deliveries/replay')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Replay many deliveries: the ids given, or those matching the filters (default status DEAD), oldest first.',
  })
  @ApiOkResponse({ type: ReplayResponse })
  replayMany(@Body() body: ReplayDeliveriesRequest): Promise<ReplayResponse> {
    return this.webhooks.replayMany(body);
  }

  @Get('deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with its exact body and every attempt.' })
  @ApiOkResponse({ type: DeliveryResponse })
  async get(@Param('deliveryId') deliveryId: string): Promise<DeliveryResponse> {
    return { delivery: await this.webhooks.get(deliveryId) };
  }

  @Post('deliveries/:deliveryId/replay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replay a dead or delivered delivery: a new round of attempts, same id and body. 409 while it is pending.',
  })
  @ApiOkResponse({ type: DeliveryResponse })
  async replay(@Param('deliveryId') deliveryId: string): Promise<DeliveryResponse> {
    return { delivery: await this.webhooks.replayOne(deliveryId) };
  }

  @Get('members/:memberId')
  @ApiOperation({ summary: "A member's webhook configuration, with its paused state." })
  @ApiOkResponse({ type: MemberWebhookResponse })
  async memberConfig(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberWebhookResponse> {
    return { config: await this.webhooks.memberConfig(memberId) };
  }

  @Post('members/:memberId/pause')
  @HttpCode(200)
  @ApiOperation({ summary: "Pause a member's deliveries: events keep being recorded and wait; nothing is dropped." })
  @ApiOkResponse({ type: MemberWebhookResponse })
  async pause(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberWebhookResponse> {
    return { config: await this.webhooks.pause(memberId) };
  }

  @Post('members/:memberId/resume')
  @HttpCode(200)
  @ApiOperation({ summary: "Resume a member's deliveries; those that came due while paused are attempted at once." })
  @ApiOkResponse({ type: ResumeResponse })
  resume(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<ResumeResponse> {
    return this.webhooks.resume(memberId);
  }

  @Post('members/:memberId/test-event')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Send a signed WEBHOOK_TEST notification to the member's configured URL (whatever types it subscribed to).",
  })
  @ApiOkResponse({ type: TestEventResponse })
  testEvent(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<TestEventResponse> {
    return this.webhooks.sendTestEvent(memberId);
  }

  @Get('signing-keys')
  @ApiOperation({ summary: 'The webhook signing keys (no private parts), newest first.' })
  @ApiOkResponse({ type: SigningKeysResponse })
  signingKeys(): Promise<SigningKeysResponse> {
    return this.webhooks.signingKeys();
  }

  @Post('signing-keys/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Rotate the signing key: a new key signs from now on; the old one stays in the JWKS for WEBHOOK_KEY_GRACE_HOURS.',
  })
  @ApiOkResponse({ type: RotateResponse })
  rotate(): Promise<RotateResponse> {
    return this.webhooks.rotate();
  }
}
