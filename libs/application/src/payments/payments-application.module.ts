import { Module } from '@nestjs/common';
import { BankConnectors } from '#libs/connectors';
import { SecretsModule } from '#libs/secrets';
import { SubTppsApplicationModule } from '../sub-tpps/sub-tpps-application.module.js';
import { TokenizedAccountsApplicationModule } from '../tokenized-accounts/tokenized-accounts-application.module.js';
import { GetPaymentUseCase } from './get-payment.usecase.js';
import { InitiatePaymentUseCase } from './initiate-payment.usecase.js';
import { ListPaymentsUseCase } from './list-payments.usecase.js';
import { PaymentExtensions } from './payment-extensions.js';
import { PaymentLinkStatuses } from './payment-link-statuses.js';
import { PaymentProgression } from './payment-progression.js';
import { PollPaymentUseCase } from './poll-payment.usecase.js';
import { PAYMENT_PROGRESSION_PROVIDERS } from './payment-progression.providers.js';
import { SubmitEmbeddedAuthUseCase } from './submit-embedded-auth.usecase.js';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { PaymentOrderGrants } from './payment-order-grants.js';
import { PaymentOrderSubmission } from './payment-order-submission.js';

const USE_CASES = [
  InitiatePaymentUseCase,
  ListPaymentsUseCase,
  GetPaymentUseCase,
  SubmitEmbeddedAuthUseCase,
  PollPaymentUseCase,
];

/**
 * The payment use cases and the bank connectors and payment progression they run on, for any
 * process's modules to import (the API's payments routes, the hosted pages).
 */
@Module({
  imports: [TokenizedAccountsApplicationModule, SubTppsApplicationModule, SecretsModule, BankTruthApplicationModule],
  providers: [
    ...PAYMENT_PROGRESSION_PROVIDERS,
    PaymentLinkStatuses,
    PaymentExtensions,
    PaymentOrderGrants,
    PaymentOrderSubmission,
    ...USE_CASES,
  ],
  exports: [
    PaymentProgression,
    PaymentExtensions,
    PaymentOrderGrants,
    PaymentOrderSubmission,
    BankConnectors,
    SubTppsApplicationModule,
    BankTruthApplicationModule,
    ...USE_CASES,
  ],
})
export class PaymentsApplicationModule {}
