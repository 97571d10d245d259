import { Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { BankConnectors, BankHttpClient, ConnectorRegistry, createSecretResolver } from '#libs/connectors';
import { PrismaService } from '#libs/db';
import { DebtorAccountResolution } from '../tokenized-accounts/debtor-account-resolution.js';
import { PaymentExtensions } from './payment-extensions.js';
import { PaymentProgression } from './payment-progression.js';
import { paymentRules } from './payment-rules.js';

/** Closes the bank HTTP client (per-bank mTLS agents) when the process shuts down. */
@Injectable()
export class BankHttpLifecycle implements OnApplicationShutdown {
  constructor(private readonly http: BankHttpClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.http.close();
  }
}

/** The API process's one bank HTTP client, its connectors, and the payment progression on them. */
export const PAYMENT_PROGRESSION_PROVIDERS: Provider[] = [
  { provide: BankHttpClient, inject: [LOGGER], useFactory: (logger: Logger) => new BankHttpClient({ logger }) },
  BankHttpLifecycle,
  {
    provide: BankConnectors,
    inject: [APP_CONFIG, BankHttpClient, Clock],
    // Token lifetimes follow the service clock, as the banks' (the sandbox bank's) own do.
    useFactory: (config: AppConfig, http: BankHttpClient, clock: Clock) =>
      new BankConnectors(
        new ConnectorRegistry({ http, secrets: createSecretResolver(config.bankSecrets), nowMs: () => clock.nowMs() }),
      ),
  },
  {
    provide: PaymentProgression,
    inject: [PrismaService, Clock, BankConnectors, APP_CONFIG, LOGGER, DebtorAccountResolution, PaymentExtensions],
    useFactory: (
      prisma: PrismaService,
      clock: Clock,
      connectors: BankConnectors,
      config: AppConfig,
      logger: Logger,
      debtorAccounts: DebtorAccountResolution,
      extensions: PaymentExtensions,
    ) =>
      new PaymentProgression({
        prisma,
        clock,
        connectors,
        rules: paymentRules(config),
        logger,
        publicBaseUrl: config.http.publicBaseUrl,
        debtorAccounts,
        vrpBank: extensions.vrpBank,
      }),
  },
];
