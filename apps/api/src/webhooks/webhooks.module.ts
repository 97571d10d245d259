import { Module } from '@nestjs/common';
import { PrismaService } from '#libs/db';
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
      useFactory: (prisma: PrismaService, box: SecretBox) => new WebhookSecretStore(prisma, box),
      inject: [PrismaService, SecretBox],
    },
  ],
})
export class WebhooksModule {}
