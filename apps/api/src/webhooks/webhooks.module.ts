import { Module } from '@nestjs/common';
import { WebhookSecretRepository } from '#libs/db';
import { WebhookSecretStore } from '#libs/events';
import { SecretBox, SecretsModule } from '#libs/secrets';
import { JwksController } from './jwks.controller.js';
import { WebhookConfigController } from './webhook-config.controller.js';
import { WebhookConfigUseCases } from './webhook-config.usecases.js';
import { WebhookKeysModule } from './webhook-keys.module.js';

/** Public webhook routes: the member's configuration, its secret's rotation, and the signing keys' JWKS. */
@Module({
  imports: [WebhookKeysModule, SecretsModule],
  controllers: [WebhookConfigController, JwksController],
  providers: [
    WebhookConfigUseCases,
    {
      provide: WebhookSecretStore,
      useFactory: (secrets: WebhookSecretRepository, box: SecretBox) => new WebhookSecretStore(secrets, box),
      inject: [WebhookSecretRepository, SecretBox],
    },
  ],
})
export class WebhooksModule {}
