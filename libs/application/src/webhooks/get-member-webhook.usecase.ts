import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { memberWebhookView, type MemberWebhookView } from './webhook-delivery-view.js';

export interface GetMemberWebhookCommand {
  readonly memberId: MemberId;
}

/** A member's webhook configuration and pause state, as the operator sees it; 404 when none is set. */
@Injectable()
export class GetMemberWebhookUseCase {
  constructor(private readonly configs: WebhookConfigRepository) {}

  async execute({ memberId }: GetMemberWebhookCommand): Promise<MemberWebhookView> {
    const config = await this.configs.find(memberId);
    if (config === null) throw GatewayError.notFound(memberId, `Member ${memberId} has no webhook configuration.`);
    return memberWebhookView(config);
  }
}
