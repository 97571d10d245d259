import { Module } from '@nestjs/common';
import { PaymentsApplicationModule } from '#libs/application';
import { HostedPagesController } from './hosted-pages.controller.js';

/** The hosted pages: bank selection and the bank's steps for payments created without a bank. */
@Module({
  imports: [PaymentsApplicationModule],
  controllers: [HostedPagesController],
})
export class HostedPagesModule {}
