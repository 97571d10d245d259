import { Module } from '@nestjs/common';
import { CreatePaymentLinkUseCase } from './create-payment-link.usecase.js';
import { ExpirePaymentLinkUseCase } from './expire-payment-link.usecase.js';
import { DeactivatePaymentLinkUseCase } from './deactivate-payment-link.usecase.js';
import { GetPaymentLinkUseCase } from './get-payment-link.usecase.js';
import { ListPaymentLinksUseCase } from './list-payment-links.usecase.js';

/** The Pay by Link use cases, for any process's modules to import. */
@Module({
  providers: [
    CreatePaymentLinkUseCase,
    ListPaymentLinksUseCase,
    GetPaymentLinkUseCase,
    DeactivatePaymentLinkUseCase,
    ExpirePaymentLinkUseCase,
  ],
  exports: [
    CreatePaymentLinkUseCase,
    ListPaymentLinksUseCase,
    GetPaymentLinkUseCase,
    DeactivatePaymentLinkUseCase,
    ExpirePaymentLinkUseCase,
  ],
})
export class PaymentLinksApplicationModule {}
