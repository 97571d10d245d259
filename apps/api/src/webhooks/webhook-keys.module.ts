import { Module } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { WebhookSigningKeyRepository } from '#libs/db';
import { SigningKeyCipher, SigningKeyStore } from '#libs/events';

/** The gateway's webhook signing keys, for the JWKS route and the admin rotation (no routes here). */
@Module({
  providers: [
    {
      provide: SigningKeyStore,
      useFactory: (keys: WebhookSigningKeyRepository, clock: Clock, config: AppConfig) =>
        new SigningKeyStore(
          keys,
          clock,
          config.webhooks.keyGraceHours * 3600_000,
          new SigningKeyCipher(config.webhooks.keyEncryption.current, config.webhooks.keyEncryption.previous),
        ),
      inject: [WebhookSigningKeyRepository, Clock, APP_CONFIG],
    },
  ],
  exports: [SigningKeyStore],
})
export class WebhookKeysModule {}
