import { Module } from '@nestjs/common';
import { APP_CONFIG, Clock, type AppConfig } from '#libs/common';
import { PrismaService } from '#libs/db';
import { SigningKeyStore, signingKeyCipher } from '#libs/events';
import { SecretBox, SecretsModule } from '#libs/secrets';

/** The gateway's webhook signing keys, for the JWKS route and the admin rotation (no routes here). */
@Module({
  imports: [SecretsModule],
  providers: [
    {
      provide: SigningKeyStore,
      useFactory: (prisma: PrismaService, clock: Clock, config: AppConfig, box: SecretBox) =>
        new SigningKeyStore(prisma, clock, config.webhooks.keyGraceHours * 3600_000, signingKeyCipher(box, config)),
      inject: [PrismaService, Clock, APP_CONFIG, SecretBox],
    },
  ],
  exports: [SigningKeyStore],
})
export class WebhookKeysModule {}
