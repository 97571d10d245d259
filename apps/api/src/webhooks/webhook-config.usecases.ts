import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import { WebhookUrlError, parseWebhookUrl, resolveWebhookTarget, type EventType } from '#libs/events';
import type { GetWebhookConfigResponse, SetWebhookConfigRequest } from './webhook-config.dto.js';

/** A member's webhook configuration: one per member; every call is scoped to the caller. */
@Injectable()
export class WebhookConfigUseCases {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Replaces the configuration. The URL is checked, and its host resolved, before it is stored. */
  async set(memberId: MemberId, request: SetWebhookConfigRequest): Promise<void> {
    const url = request.config.url.trim();
    try {
      await resolveWebhookTarget(parseWebhookUrl(url, this.config.environment), this.config.environment);
    } catch (error) {
      if (error instanceof WebhookUrlError)
        throw GatewayError.invalidField('config.url', `config.url ${error.message}`, 'Field.InvalidFormat');
      throw error;
    }
    const types = [...new Set<EventType>(request.config.type)];
    await this.configs.put(memberId, { url, types }, this.clock.now());
  }

  async get(memberId: MemberId): Promise<GetWebhookConfigResponse> {
    const stored = await this.configs.find(memberId);
    if (stored === null) throw GatewayError.notFound('webhook/config', 'No webhook configuration is set.');
    return { config: { type: stored.types as EventType[], url: stored.url } };
  }

  /** Removes the configuration (nothing to remove is not an error); undelivered notifications become dead letters. */
  async delete(memberId: MemberId): Promise<void> {
    await this.configs.delete(memberId, this.clock.now());
  }
}
