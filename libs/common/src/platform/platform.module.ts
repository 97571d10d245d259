import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Metrics } from '#libs/observability';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG, LOGGER, METRICS } from './tokens.js';

export interface PlatformObjects {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** Makes the process's config, logger and metrics injectable everywhere. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(objects: PlatformObjects): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: APP_CONFIG, useValue: objects.config },
        { provide: LOGGER, useValue: objects.logger },
        { provide: METRICS, useValue: objects.metrics },
      ],
      exports: [APP_CONFIG, LOGGER, METRICS],
    };
  }
}
