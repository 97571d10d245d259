import { Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { BankConnectors } from '#libs/connectors';
import { TransferRepository, Transactions } from '#libs/db';
import { SecretsModule } from '#libs/secrets';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { paymentRules } from '../payments/payment-rules.js';
import { TransferProgression } from './transfer-progression.js';
import { TransferPolling } from './poll-transfer.js';
import { TransferRedemption } from './transfer-redemption.js';
import { TransferOutcomeAsker } from './transfer-outcome-asker.js';
import { TransferExtensions } from './transfer-extensions.js';

/** The transfer progression and use cases, for any process's modules to import (api routes, worker, callbacks). */
@Module({
  imports: [PaymentsApplicationModule, SecretsModule],
  providers: [
    {
      provide: TransferProgression,
      inject: [Transactions, TransferRepository, Clock, BankConnectors, APP_CONFIG, LOGGER, TransferExtensions],
      useFactory: (
        transactions: Transactions,
        transfers: TransferRepository,
        clock: Clock,
        connectors: BankConnectors,
        config: AppConfig,
        logger: Logger,
        extensions: TransferExtensions,
      ) =>
        new TransferProgression({
          transactions,
          transfers,
          clock,
          connectors,
          rules: paymentRules(config),
          logger,
          publicBaseUrl: config.http.publicBaseUrl,
          extensions,
        }),
    },
    TransferExtensions,
    TransferRedemption,
    TransferPolling,
    TransferOutcomeAsker,
  ],
  exports: [
    TransferProgression,
    TransferRedemption,
    TransferPolling,
    TransferOutcomeAsker,
    TransferExtensions,
    PaymentsApplicationModule,
  ],
})
export class TransfersApplicationModule {}
