import { Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { BankConnectors, BankHttpClient, ConnectorRegistry, createSecretResolver } from '#libs/connectors';
import { BankCallStats } from './bank-call-stats.js';

/** Closes the bank HTTP client (per-bank mTLS agents) when the process shuts down. */
@Injectable()
export class BankHttpLifecycle implements OnApplicationShutdown {
  constructor(private readonly http: BankHttpClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.http.close();
  }
}

/**
 * The process's one bank HTTP client and the bank connectors on it, for every domain that calls
 * banks (payments and what builds on them, the banks' status probe).
 */
@Module({
  providers: [
    BankCallStats,
    {
      provide: BankHttpClient,
      inject: [LOGGER, BankCallStats],
      useFactory: (logger: Logger, stats: BankCallStats) =>
        new BankHttpClient({ logger, observe: (call) => stats.record(call) }),
    },
    BankHttpLifecycle,
    {
      provide: BankConnectors,
      inject: [APP_CONFIG, BankHttpClient, Clock],
      // Token lifetimes follow the service clock, as the banks' (the sandbox bank's) own do.
      useFactory: (config: AppConfig, http: BankHttpClient, clock: Clock) =>
        new BankConnectors(
          new ConnectorRegistry({
            http,
            secrets: createSecretResolver(config.bankSecrets),
            nowMs: () => clock.nowMs(),
          }),
        ),
    },
  ],
  exports: [BankConnectors, BankCallStats],
})
export class BankCallsModule {}
