import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#libs/common';
import { WebhookSender, type WebhookSenderOptions } from '#libs/events';

export interface WebhookSenderModuleOptions {
  /** DNS resolution of webhook receivers (tests substitute their own). */
  readonly webhookLookup?: WebhookSenderOptions['lookup'];
}

/** The worker's HTTP client of webhook receivers, closed at shutdown. */
@Global()
@Module({})
export class WebhookSenderModule implements OnApplicationShutdown {
  constructor(private readonly sender: WebhookSender) {}

  static forRoot(options: WebhookSenderModuleOptions = {}): DynamicModule {
    return {
      module: WebhookSenderModule,
      providers: [
        {
          provide: WebhookSender,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) =>
            new WebhookSender({
              environment: config.environment,
              timeoutMs: config.webhooks.attemptTimeoutMs,
              lookup: options.webhookLookup,
            }),
        },
      ],
      exports: [WebhookSender],
    };
  }

  onApplicationShutdown(): void {
    this.sender.close();
  }
}
