import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, LOGGER, type AppConfig } from '#libs/common';
import { BankHttpClient, SettlementProviderRegistry } from '#libs/connectors';
import { settlementProviderRegistry } from './settlement-provider-registry.factory.js';

/** The provider new settlement accounts open at (SETTLEMENT_PROVIDER). */
export const DEFAULT_SETTLEMENT_PROVIDER = Symbol('DEFAULT_SETTLEMENT_PROVIDER');

/** The settlement providers' own HTTP client (kept apart from the banks' so each closes with its owner). */
@Injectable()
export class SettlementProviderHttp implements OnApplicationShutdown {
  readonly client: BankHttpClient;

  constructor(@Inject(LOGGER) logger: Logger) {
    this.client = new BankHttpClient({ logger });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

/**
 * Settlement providers by id (SettlementProviderRegistry), with the sandbox bank's registered,
 * and the id new settlement accounts open at (DEFAULT_SETTLEMENT_PROVIDER, a string).
 */
@Module({
  providers: [
    SettlementProviderHttp,
    {
      provide: SettlementProviderRegistry,
      inject: [APP_CONFIG, SettlementProviderHttp],
      useFactory: (config: AppConfig, http: SettlementProviderHttp) => settlementProviderRegistry(config, http.client),
    },
    {
      provide: DEFAULT_SETTLEMENT_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => config.settlement.defaultProviderId,
    },
  ],
  exports: [SettlementProviderRegistry, DEFAULT_SETTLEMENT_PROVIDER],
})
export class SettlementProvidersModule {}
