import { GatewayError } from '#libs/common';
import type { WebhookAttempt, WebhookConfig, WebhookDelivery } from '#libs/db';

/** A delivery as the operator lists it. */
export interface DeliveryView {
  readonly id: string;
  readonly eventId: string;
  readonly memberId: string;
  readonly eventType: string;
  readonly status: WebhookDelivery['status'];
  readonly attemptCount: number;
  readonly round: number;
  readonly createdDateTime: string;
  readonly firstAttemptDateTime?: string;
  readonly lastAttemptDateTime?: string;
  readonly nextAttemptDateTime?: string;
  readonly deliveredDateTime?: string;
  readonly deadDateTime?: string;
  readonly lastStatusCode?: number;
  readonly lastError?: string;
}

/** One attempt of a delivery. */
export interface AttemptView {
  readonly round: number;
  readonly attemptNo: number;
  readonly attemptedDateTime: string;
  readonly url: string;
  readonly kid?: string;
  readonly statusCode?: number;
  readonly latencyMs: number;
  readonly error?: string;
}

/** A delivery with its body and attempts. */
export interface DeliveryDetail extends DeliveryView {
  readonly body: string;
  readonly attempts: AttemptView[];
}

/** A member's webhook state as the operator sees it. */
export interface MemberWebhookView {
  readonly memberId: string;
  readonly url: string;
  readonly type: string[];
  readonly paused: boolean;
  readonly pausedDateTime?: string;
}

const iso = (date: Date | null): { value?: string } => (date === null ? {} : { value: date.toISOString() });

export function deliveryView(delivery: WebhookDelivery): DeliveryView {
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

export function attemptView(attempt: WebhookAttempt): AttemptView {
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

export function memberWebhookView(config: WebhookConfig): MemberWebhookView {
  return {
    memberId: config.memberId,
    url: config.url,
    type: config.types,
    paused: config.pausedAt !== null,
    ...(config.pausedAt === null ? {} : { pausedDateTime: config.pausedAt.toISOString() }),
  };
}

export function encodeDeliveryOffset(next: { createdAt: Date; id: string }): string {
  return Buffer.from(`${next.createdAt.getTime()}.${next.id}`, 'utf8').toString('base64url');
}

export function decodeDeliveryOffset(offset: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})\.(.+)$/.exec(Buffer.from(offset, 'base64url').toString('utf8'));
  if (match?.[1] === undefined || match[2] === undefined)
    throw GatewayError.invalidField('offset', 'offset is not one this API handed out');
  return { createdAt: new Date(Number(match[1])), id: match[2] };
}
