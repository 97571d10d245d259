import { Body, Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  GetMemberWebhookUseCase,
  GetWebhookDeliveryUseCase,
  ListSigningKeysUseCase,
  ListWebhookDeliveriesUseCase,
  PauseMemberWebhookUseCase,
  ReplayWebhookDeliveriesUseCase,
  ReplayWebhookDeliveryUseCase,
  ResumeMemberWebhookUseCase,
  RotateSigningKeyUseCase,
  SendTestWebhookUseCase,
  type ListWebhookDeliveriesCommand,
} from '#libs/application';
import type { MemberId } from '#libs/domain';
import { AdminMemberIdPipe, adminMemberId } from '../admin-member-id.js';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
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

/** The list's command from the query: the member id as the admin API makes it, the default page size. */
function listCommand(query: ListDeliveriesQuery): ListWebhookDeliveriesCommand {
  return {
    ...(query.memberId === undefined ? {} : { memberId: adminMemberId(query.memberId) }),
    eventType: query.eventType,
    status: query.status,
    limit: query.limit ?? ADMIN_PAGE_LIMIT.default,
    ...(query.offset === undefined ? {} : { offset: query.offset }),
  };
}

@ApiTags('Admin: webhooks')
@ApiBearerAuth('AdminToken')
@UseGuards(AdminTokenGuard)
@Controller('admin/webhooks')
export class WebhookAdminController {
  constructor(
    private readonly listDeliveries: ListWebhookDeliveriesUseCase,
    private readonly getDelivery: GetWebhookDeliveryUseCase,
    private readonly replayDelivery: ReplayWebhookDeliveryUseCase,
    private readonly replayDeliveries: ReplayWebhookDeliveriesUseCase,
    private readonly memberWebhook: GetMemberWebhookUseCase,
    private readonly pauseWebhook: PauseMemberWebhookUseCase,
    private readonly resumeWebhook: ResumeMemberWebhookUseCase,
    private readonly sendTest: SendTestWebhookUseCase,
    private readonly listKeys: ListSigningKeysUseCase,
    private readonly rotateKey: RotateSigningKeyUseCase,
  ) {}

  @Get('deliveries')
  @ApiOperation({ summary: 'List deliveries (newest first), by member, event type and status.' })
  @ApiOkResponse({ type: ListDeliveriesResponse })
  list(@Query() query: ListDeliveriesQuery): Promise<ListDeliveriesResponse> {
    return this.listDeliveries.execute(listCommand(query));
  }

  @Get('dead-letters')
  @ApiOperation({ summary: 'List dead letters: deliveries that exhausted their attempts (status DEAD).' })
  @ApiOkResponse({ type: ListDeliveriesResponse })
  deadLetters(@Query() query: ListDeliveriesQuery): Promise<ListDeliveriesResponse> {
    return this.listDeliveries.execute(listCommand({ ...query, status: 'DEAD' }));
  }

  @Post('deliveries/replay')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Replay many deliveries: the ids given, or those matching the filters (default status DEAD), oldest first.',
  })
  @ApiOkResponse({ type: ReplayResponse })
  replayMany(@Body() body: ReplayDeliveriesRequest): Promise<ReplayResponse> {
    return this.replayDeliveries.execute({
      ...body,
      memberId: body.memberId === undefined ? undefined : adminMemberId(body.memberId),
    });
  }

  @Get('deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with its exact body and every attempt.' })
  @ApiOkResponse({ type: DeliveryResponse })
  async get(@Param('deliveryId') deliveryId: string): Promise<DeliveryResponse> {
    return { delivery: await this.getDelivery.execute({ deliveryId }) };
  }

  @Post('deliveries/:deliveryId/replay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Replay a dead or delivered delivery: a new round of attempts, same id and body. 409 while it is pending.',
  })
  @ApiOkResponse({ type: DeliveryResponse })
  async replay(@Param('deliveryId') deliveryId: string): Promise<DeliveryResponse> {
    return { delivery: await this.replayDelivery.execute({ deliveryId }) };
  }

  @Get('members/:memberId')
  @ApiOperation({ summary: "A member's webhook configuration, with its paused state." })
  @ApiOkResponse({ type: MemberWebhookResponse })
  async memberConfig(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberWebhookResponse> {
    return { config: await this.memberWebhook.execute({ memberId }) };
  }

  @Post('members/:memberId/pause')
  @HttpCode(200)
  @ApiOperation({ summary: "Pause a member's deliveries: events keep being recorded and wait; nothing is dropped." })
  @ApiOkResponse({ type: MemberWebhookResponse })
  async pause(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<MemberWebhookResponse> {
    return { config: await this.pauseWebhook.execute({ memberId }) };
  }

  @Post('members/:memberId/resume')
  @HttpCode(200)
  @ApiOperation({ summary: "Resume a member's deliveries; those that came due while paused are attempted at once." })
  @ApiOkResponse({ type: ResumeResponse })
  resume(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<ResumeResponse> {
    return this.resumeWebhook.execute({ memberId });
  }

  @Post('members/:memberId/test-event')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Send a signed WEBHOOK_TEST notification to the member's configured URL (whatever types it subscribed to).",
  })
  @ApiOkResponse({ type: TestEventResponse })
  testEvent(@Param('memberId', AdminMemberIdPipe) memberId: MemberId): Promise<TestEventResponse> {
    return this.sendTest.execute({ memberId });
  }

  @Get('signing-keys')
  @ApiOperation({ summary: 'The webhook signing keys (no private parts), newest first.' })
  @ApiOkResponse({ type: SigningKeysResponse })
  signingKeys(): Promise<SigningKeysResponse> {
    return this.listKeys.execute();
  }

  @Post('signing-keys/rotate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Rotate the signing key: a new key signs from now on; the old one stays in the JWKS for WEBHOOK_KEY_GRACE_HOURS.',
  })
  @ApiOkResponse({ type: RotateResponse })
  rotate(): Promise<RotateResponse> {
    return this.rotateKey.execute();
  }
}
