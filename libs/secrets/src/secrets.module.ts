import { Module } from '@nestjs/common';
import { APP_CONFIG } from '#libs/common';
import { secretBoxFromConfig } from './secret-box-from-config.js';
import { SecretBox } from './secret-box.js';

/** Provides the process's SecretBox (sealing secrets at rest) from its configuration. */
@Module({
  providers: [{ provide: SecretBox, useFactory: secretBoxFromConfig, inject: [APP_CONFIG] }],
  exports: [SecretBox],
})
export class SecretsModule {}
