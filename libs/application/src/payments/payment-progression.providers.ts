import type { Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, Clock, LOGGER, type AppConfig } from '#libs/common';
import { BankConnectors } from '#libs/connectors';
import { PrismaService } from '#libs/db';
import { DebtorAccountResolution } from '../tokenized-accounts/debtor-account-resolution.js';
import { PaymentExtensions } from './payment-extensions.js';
import { PaymentProgression } from './payment-progression.js';
import { paymentRules } from './payment-rules.js';

/** The payment progression on the process's bank connectors (BankCallsModule). */
export const PAYMENT_PROGRESSION_PROVIDERS: Provider[] = [
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
        extensions,
      }),
  },
];
