import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '../payments/payments-application.module.js';
import { CreatePaymentLinkUseCase } from './create-payment-link.usecase.js';
import { DeactivatePaymentLinkUseCase } from './deactivate-payment-link.usecase.js';
import { ExpirePaymentLinkUseCase } from './expire-payment-link.usecase.js';
import { GetPaymentLinkUseCase } from './get-payment-link.usecase.js';
import { ListPaymentLinksUseCase } from './list-payment-links.usecase.js';
import { PaymentLinkPaymentPlug } from './payment-link-payment-plug.js';
import { UsePaymentLinkUseCase } from './use-payment-link.usecase.js';
import { ReadPaymentLinkPageUseCase } from './read-payment-link-page.usecase.js';

const USE_CASES = [
  CreatePaymentLinkUseCase,
  ListPaymentLinksUseCase,
  GetPaymentLinkUseCase,
  DeactivatePaymentLinkUseCase,
  ExpirePaymentLinkUseCase,
  UsePaymentLinkUseCase,
  ReadPaymentLinkPageUseCase,
];

/**
 * The Pay by Link use cases, for any process's modules to import (api routes and pages, worker
 * timers); and payment links' extension of payments (PaymentLinkPaymentPlug), so every process
 * that moves payments imports this module.
 */
@Module({
  imports: [PaymentsApplicationModule],
  providers: [...USE_CASES, PaymentLinkPaymentPlug],
  exports: USE_CASES,
})
export class PaymentLinksApplicationModule {}
