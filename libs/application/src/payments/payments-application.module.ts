import { Module } from '@nestjs/common';
import { SecretsModule } from '#libs/secrets';
import { BankCallsModule } from '../bank-calls/bank-calls.module.js';
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
import { CompletePaymentCallbackUseCase } from './complete-payment-callback.usecase.js';
import { HostedPayments } from './hosted-payments.js';
import { HostedPaymentPreparation } from './hosted-payment-preparation.js';
import { PaymentInitiationChecks } from './payment-initiation-checks.js';
import { SelectBankUseCase } from './select-bank.usecase.js';
import { ShowBankSelectionUseCase } from './show-bank-selection.usecase.js';
import { SubmitHostedEmbeddedAuthUseCase } from './submit-hosted-embedded-auth.usecase.js';
import { BankTruthApplicationModule } from '../bank-truth/bank-truth-application.module.js';
import { PaymentOrderGrants } from './payment-order-grants.js';
import { PaymentOrderSubmission } from './payment-order-submission.js';

const USE_CASES = [
  InitiatePaymentUseCase,
  ListPaymentsUseCase,
  GetPaymentUseCase,
  SubmitEmbeddedAuthUseCase,
  PollPaymentUseCase,
  CompletePaymentCallbackUseCase,
  ShowBankSelectionUseCase,
  SelectBankUseCase,
  SubmitHostedEmbeddedAuthUseCase,
];

/**
 * The payment use cases and the bank connectors and payment progression they run on, for any
 * process's modules to import (the API's payments routes, the hosted pages and the payment's end
 * of the bank callback).
 */
@Module({
  imports: [
    BankCallsModule,
    TokenizedAccountsApplicationModule,
    SubTppsApplicationModule,
    SecretsModule,
    BankTruthApplicationModule,
  ],
  providers: [
    ...PAYMENT_PROGRESSION_PROVIDERS,
    PaymentLinkStatuses,
    PaymentExtensions,
    PaymentOrderGrants,
    PaymentOrderSubmission,
    HostedPayments,
    PaymentInitiationChecks,
    HostedPaymentPreparation,
    ...USE_CASES,
  ],
  exports: [
    PaymentProgression,
    PaymentExtensions,
    PaymentOrderGrants,
    PaymentOrderSubmission,
    HostedPayments,
    HostedPaymentPreparation,
    BankCallsModule,
    SubTppsApplicationModule,
    BankTruthApplicationModule,
    ...USE_CASES,
  ],
})
export class PaymentsApplicationModule {}
