import { Module } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { WebhookSecretRepository, WebhookSigningKeyRepository } from '#libs/db';
import { SigningKeyStore, WebhookSecretStore, signingKeyCipher } from '#libs/events';
import { SecretBox, SecretsModule } from '#libs/secrets';
import { DeleteWebhookConfigUseCase } from './delete-webhook-config.usecase.js';
import { GetMemberWebhookUseCase } from './get-member-webhook.usecase.js';
import { GetWebhookConfigUseCase } from './get-webhook-config.usecase.js';
import { GetWebhookDeliveryUseCase } from './get-webhook-delivery.usecase.js';
import { ListSigningKeysUseCase } from './list-signing-keys.usecase.js';
import { ListWebhookDeliveriesUseCase } from './list-webhook-deliveries.usecase.js';
import { PauseMemberWebhookUseCase } from './pause-member-webhook.usecase.js';
import { ReplayWebhookDeliveriesUseCase } from './replay-webhook-deliveries.usecase.js';
import { ReplayWebhookDeliveryUseCase } from './replay-webhook-delivery.usecase.js';
import { ResumeMemberWebhookUseCase } from './resume-member-webhook.usecase.js';
import { RotateSigningKeyUseCase } from './rotate-signing-key.usecase.js';
import { RotateWebhookSecretUseCase } from './rotate-webhook-secret.usecase.js';
import { SendTestWebhookUseCase } from './send-test-webhook.usecase.js';
import { OutboxRelaying } from './outbox-relaying.js';
import { SetWebhookConfigUseCase } from './set-webhook-config.usecase.js';

const STORES = [
  {
    provide: SigningKeyStore,
    useFactory: (keys: WebhookSigningKeyRepository, clock: Clock, config: AppConfig, box: SecretBox) =>
      new SigningKeyStore(keys, clock, config.webhooks.keyGraceHours * 3600_000, signingKeyCipher(box, config)),
    inject: [WebhookSigningKeyRepository, Clock, APP_CONFIG, SecretBox],
  },
  {
    provide: WebhookSecretStore,
    useFactory: (secrets: WebhookSecretRepository, box: SecretBox) => new WebhookSecretStore(secrets, box),
    inject: [WebhookSecretRepository, SecretBox],
  },
];

const USE_CASES = [
  SetWebhookConfigUseCase,
  RotateWebhookSecretUseCase,
  GetWebhookConfigUseCase,
  DeleteWebhookConfigUseCase,
  ListWebhookDeliveriesUseCase,
  GetWebhookDeliveryUseCase,
  ReplayWebhookDeliveryUseCase,
  ReplayWebhookDeliveriesUseCase,
  GetMemberWebhookUseCase,
  PauseMemberWebhookUseCase,
  ResumeMemberWebhookUseCase,
  SendTestWebhookUseCase,
  ListSigningKeysUseCase,
  RotateSigningKeyUseCase,
];

/**
 * Webhooks: the members' configurations and secrets, the operator's deliveries, pauses and test
 * events, the gateway's signing keys, and the relay of committed events into deliveries (the
 * worker's delivery: WebhookDeliveryApplicationModule).
 */
@Module({
  imports: [SecretsModule],
  providers: [...STORES, ...USE_CASES, OutboxRelaying],
  exports: [SigningKeyStore, WebhookSecretStore, ...USE_CASES, OutboxRelaying],
})
export class WebhooksApplicationModule {}
