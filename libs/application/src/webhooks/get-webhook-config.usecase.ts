import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import type { EventType } from '#libs/events';

export interface GetWebhookConfigCommand {
  readonly memberId: MemberId;
}

/** The member's webhook configuration, or 404 when none is set. */
@Injectable()
export class GetWebhookConfigUseCase {
  constructor(private readonly configs: WebhookConfigRepository) {}

  async execute({ memberId }: GetWebhookConfigCommand): Promise<{ config: { type: EventType[]; url: string } }> {
    const stored = await this.configs.find(memberId);
    if (stored === null) throw GatewayError.notFound('webhook/config', 'No webhook configuration is set.');
    return { config: { type: stored.types as EventType[], url: stored.url } };
  }
}
