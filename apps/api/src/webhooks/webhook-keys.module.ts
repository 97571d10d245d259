import { Module } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { WebhookSigningKeyRepository } from '#libs/db';
import { SigningKeyStore, signingKeyCipher } from '#libs/events';
import { SecretBox, SecretsModule } from '#libs/secrets';

/** The gateway's webhook signing keys, for the JWKS route and the admin rotation (no routes here). */
@Module({
  imports: [SecretsModule],
  providers: [
    {
      provide: SigningKeyStore,
      useFactory: (keys: WebhookSigningKeyRepository, clock: Clock, config: AppConfig, box: SecretBox) =>
        new SigningKeyStore(keys, clock, config.webhooks.keyGraceHours * 3600_000, signingKeyCipher(box, config)),
      inject: [WebhookSigningKeyRepository, Clock, APP_CONFIG, SecretBox],
    },
  ],
  exports: [SigningKeyStore],
})
export class WebhookKeysModule {}
