import { Module } from '@nestjs/common';
import { PaymentLinksApplicationModule } from '#libs/application';
import { PaymentLinksController } from './payment-links.controller.js';

/** Pay by Link: creating, listing, reading and deactivating payment links. */
@Module({
  imports: [PaymentLinksApplicationModule],
  controllers: [PaymentLinksController],
})
export class PaymentLinksModule {}
