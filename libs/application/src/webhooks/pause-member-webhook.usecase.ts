import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { GetMemberWebhookUseCase } from './get-member-webhook.usecase.js';
import { memberWebhookView, type MemberWebhookView } from './webhook-delivery-view.js';

export interface PauseMemberWebhookCommand {
  readonly memberId: MemberId;
}

/** Pauses a member's deliveries (already paused: unchanged). */
@Injectable()
export class PauseMemberWebhookUseCase {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly memberWebhook: GetMemberWebhookUseCase,
    private readonly clock: Clock,
  ) {}

  async execute({ memberId }: PauseMemberWebhookCommand): Promise<MemberWebhookView> {
    const now = this.clock.now();
    const current = await this.memberWebhook.execute({ memberId });
    if (current.paused) return current;
    const config = await this.configs.setPaused(memberId, now, now);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return memberWebhookView(config);
  }
}
