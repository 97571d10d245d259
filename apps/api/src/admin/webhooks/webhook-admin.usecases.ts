import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import {
  Transactions,
  WebhookConfigRepository,
  WebhookDeliveryRepository,
  WebhookSigningKeyRepository,
  type WebhookAttempt,
  type WebhookConfig,
  type WebhookDelivery,
} from '#libs/db';
import type { MemberId } from '#libs/domain';
import { SigningKeyStore, TEST_EVENT_TYPE, writeOutboxEvent } from '#libs/events';
import { ADMIN_PAGE_LIMIT } from '../admin-paging.js';
import type {
  AttemptView,
  DeliveryDetail,
  DeliveryView,
  ListDeliveriesQuery,
  ListDeliveriesResponse,
  MemberWebhookView,
  ReplayDeliveriesRequest,
  ReplayResponse,
  RotateResponse,
  SigningKeysResponse,
} from './webhook-admin.dto.js';
import { adminMemberId } from '../admin-member-id.js';

const iso = (date: Date | null): { value?: string } => (date === null ? {} : { value: date.toISOString() });

function deliveryView(delivery: WebhookDelivery): DeliveryView {
  const optional = (name: string, date: Date | null): Record<string, string> => {
    const { value } = iso(date);
    return value === undefined ? {} : { [name]: value };
  };
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    memberId: delivery.memberId,
    eventType: delivery.eventType,
    status: delivery.status,
    attemptCount: delivery.attemptCount,
    round: delivery.round,
    createdDateTime: delivery.createdAt.toISOString(),
    ...optional('firstAttemptDateTime', delivery.firstAttemptAt),
    ...optional('lastAttemptDateTime', delivery.lastAttemptAt),
    ...optional('nextAttemptDateTime', delivery.nextAttemptAt),
    ...optional('deliveredDateTime', delivery.deliveredAt),
    ...optional('deadDateTime', delivery.deadAt),
    ...(delivery.lastStatusCode === null ? {} : { lastStatusCode: delivery.lastStatusCode }),
    ...(delivery.lastError === null ? {} : { lastError: delivery.lastError }),
  };
}

function attemptView(attempt: WebhookAttempt): AttemptView {
  return {
    round: attempt.round,
    attemptNo: attempt.attemptNo,
    attemptedDateTime: attempt.attemptedAt.toISOString(),
    url: attempt.url,
    ...(attempt.kid === null ? {} : { kid: attempt.kid }),
    ...(attempt.statusCode === null ? {} : { statusCode: attempt.statusCode }),
    latencyMs: attempt.latencyMs,
    ...(attempt.error === null ? {} : { error: attempt.error }),
  };
}

function memberWebhookView(config: WebhookConfig): MemberWebhookView {
  return {
    memberId: config.memberId,
    url: config.url,
    type: config.types,
    paused: config.pausedAt !== null,
    ...(config.pausedAt === null ? {} : { pausedDateTime: config.pausedAt.toISOString() }),
  };
}

function encodeOffset(next: { createdAt: Date; id: string }): string {
  return Buffer.from(`${next.createdAt.getTime()}.${next.id}`, 'utf8').toString('base64url');
}

function decodeOffset(offset: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})\.(.+)$/.exec(Buffer.from(offset, 'base64url').toString('utf8'));
  if (match?.[1] === undefined || match[2] === undefined)
    throw GatewayError.invalidField('offset', 'offset is not one this API handed out');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}

/** Operator use cases over webhook deliveries, members' webhook state and the signing keys. */
@Injectable()
export class WebhookAdminUseCases {
  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly configs: WebhookConfigRepository,
    private readonly keys: SigningKeyStore,
    private readonly storedKeys: WebhookSigningKeyRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(query: ListDeliveriesQuery): Promise<ListDeliveriesResponse> {
    const limit = query.limit ?? ADMIN_PAGE_LIMIT.default;
    const page = await this.deliveries.list(
      {
        ...(query.memberId === undefined ? {} : { memberId: adminMemberId(query.memberId) }),
        eventType: query.eventType,
        status: query.status,
      },
      limit,
      query.offset === undefined ? undefined : decodeOffset(query.offset),
    );
    return {
      deliveries: page.deliveries.map(deliveryView),
      paging: { limit, ...(page.next === undefined ? {} : { offset: encodeOffset(page.next) }) },
    };
  }

  async get(deliveryId: string): Promise<DeliveryDetail> {
    const delivery = await this.deliveries.find(deliveryId);
    if (delivery === null) throw GatewayError.notFound(deliveryId, `Delivery ${deliveryId} not found.`);
    return { ...deliveryView(delivery), body: delivery.body, attempts: delivery.attempts.map(attemptView) };
  }

  async replayOne(deliveryId: string): Promise<DeliveryDetail> {
    const existing = await this.get(deliveryId);
    if (existing.status === 'PENDING')
      throw new GatewayError('CONFLICT', { message: `Delivery ${deliveryId} is still pending.` });
    if (!(await this.deliveries.replay(deliveryId, this.clock.now()))) {
      throw new GatewayError('CONFLICT', {
        message: `Delivery ${deliveryId} cannot be replayed: its member has no webhook configuration.`,
      });
    }
    return this.get(deliveryId);
  }

  async replayMany(request: ReplayDeliveriesRequest): Promise<ReplayResponse> {
    const ids =
      request.deliveryIds ??
      (await this.deliveries.ids(
        {
          ...(request.memberId === undefined ? {} : { memberId: adminMemberId(request.memberId) }),
          eventType: request.eventType,
          status: request.status ?? 'DEAD',
        },
        request.limit ?? 100,
      ));
    const replayed: string[] = [];
    const skipped: string[] = [];
    const now = this.clock.now();
    for (const id of ids) ((await this.deliveries.replay(id, now)) ? replayed : skipped).push(id);
    return { replayed, skipped };
  }

  async memberConfig(memberId: MemberId): Promise<MemberWebhookView> {
    const config = await this.configs.find(memberId);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return memberWebhookView(config);
  }

  async pause(memberId: MemberId): Promise<MemberWebhookView> {
    const now = this.clock.now();
    const current = await this.memberConfig(memberId);
    if (current.paused) return current;
    const config = await this.configs.setPaused(memberId, now, now);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return memberWebhookView(config);
  }

  /** Resumes, and attempts now every pending delivery that came due while paused. */
  async resume(memberId: MemberId): Promise<{ config: MemberWebhookView; rescheduled: number }> {
    const now = this.clock.now();
    const config = await this.configs.setPaused(memberId, null, now);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return { config: memberWebhookView(config), rescheduled: await this.deliveries.scheduleDue(memberId, now) };
  }

  /** Sends a WEBHOOK_TEST notification through the outbox to the member's configured URL. */
  async sendTestEvent(memberId: MemberId): Promise<{ eventId: string }> {
    await this.memberConfig(memberId);
    const now = this.clock.now();
    const written = await this.transactions.run((tx) =>
      writeOutboxEvent(tx, {
        memberId,
        type: TEST_EVENT_TYPE,
        createdAt: now,
        payload: {
          memberId,
          message: 'Test notification from the gateway. Verify its signatures as you would any other.',
        },
      }),
    );
    return { eventId: written.id };
  }

  async signingKeys(): Promise<SigningKeysResponse> {
    const now = this.clock.nowMs();
    const graceMs = this.config.webhooks.keyGraceHours * 3600_000;
    const keys = await this.storedKeys.list();
    return {
      keys: keys.map((key) => ({
        kid: key.kid,
        createdDateTime: key.createdAt.toISOString(),
        ...(key.retiredAt === null ? {} : { retiredDateTime: key.retiredAt.toISOString() }),
        published: key.retiredAt === null || key.retiredAt.getTime() > now - graceMs,
      })),
    };
  }

  rotate(): Promise<RotateResponse> {
    return this.keys.rotate();
  }
}
