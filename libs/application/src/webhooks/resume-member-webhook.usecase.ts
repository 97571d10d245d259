import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { WebhookConfigRepository, WebhookDeliveryRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberWebhookView, type MemberWebhookView } from './webhook-delivery-view.js';

export interface ResumeMemberWebhookCommand {
  readonly memberId: MemberId;
}

/** Resumes a member's deliveries, and attempts now every pending one that came due while paused. */
@Injectable()
export class ResumeMemberWebhookUseCase {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async execute({ memberId }: ResumeMemberWebhookCommand): Promise<{ config: MemberWebhookView; rescheduled: number }> {
    const now = this.clock.now();
    const config = await this.configs.setPaused(memberId, null, now);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return { config: memberWebhookView(config), rescheduled: await this.deliveries.scheduleDue(memberId, now) };
  }
}
