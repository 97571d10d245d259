import { Module } from '@nestjs/common';
import { PaymentLinksApplicationModule } from '#libs/application';
import { PaymentLinkPagesController } from './payment-link-pages.controller.js';
import { PaymentLinksController } from './payment-links.controller.js';

/** Pay by Link: creating, listing, reading and deactivating payment links, and their public pages. */
@Module({
  imports: [PaymentLinksApplicationModule],
  controllers: [PaymentLinksController, PaymentLinkPagesController],
})
export class PaymentLinksModule {}
