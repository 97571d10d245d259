import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, Clock, GatewayError, type AppConfig } from '#libs/common';
import { WebhookConfigRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';
import {
  WebhookSecretStore,
  WebhookUrlError,
  parseWebhookUrl,
  resolveWebhookTarget,
  type EventType,
} from '#libs/events';

/** A member's webhook configuration: the event types it receives and where. */
export interface WebhookConfigSettings {
  readonly type: readonly EventType[];
  readonly url: string;
}

export interface SetWebhookConfigCommand {
  readonly memberId: MemberId;
  readonly config: WebhookConfigSettings;
}

/**
 * Replaces the member's configuration (one per member). The URL is checked, and its host
 * resolved, before it is stored. A configuration without a secret gets one, returned this once.
 */
@Injectable()
export class SetWebhookConfigUseCase {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly secrets: WebhookSecretStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ memberId, config }: SetWebhookConfigCommand): Promise<{ secret?: string }> {
    const url = config.url.trim();
    try {
      await resolveWebhookTarget(parseWebhookUrl(url, this.config.environment), this.config.environment);
    } catch (error) {
      if (error instanceof WebhookUrlError)
        throw GatewayError.invalidField('config.url', `config.url ${error.message}`, 'Field.InvalidFormat');
      throw error;
    }
    const types = [...new Set<EventType>(config.type)];
    const issued = await this.secrets.issue();
    const stored = await this.configs.putIssuingSecret(memberId, { url, types }, issued.stored, this.clock.now());
    return stored ? { secret: issued.secret } : {};
  }
}
