import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '#libs/application';
import { HostedPagesController } from './hosted-pages.controller.js';
import { HostedPayments } from './hosted-payments.js';
import { SelectBankUseCase } from './select-bank.usecase.js';
import { ShowBankSelectionUseCase } from './show-bank-selection.usecase.js';
import { SubmitHostedEmbeddedAuthUseCase } from './submit-hosted-embedded-auth.usecase.js';

/** The hosted pages: bank selection and the bank's steps for payments created without a bank. */
@Module({
  imports: [PaymentsApplicationModule],
  controllers: [HostedPagesController],
  providers: [HostedPayments, ShowBankSelectionUseCase, SelectBankUseCase, SubmitHostedEmbeddedAuthUseCase],
})
export class HostedPagesModule {}
