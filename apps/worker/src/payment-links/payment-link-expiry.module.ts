import { Module } from '@nestjs/common';
import { PaymentLinksApplicationModule } from '#libs/application';
import { ExpirePaymentLinkProcessor } from './expire-payment-link.processor.js';

/** Payment link expiry timers on the timers queue. */
@Module({ imports: [PaymentLinksApplicationModule], providers: [ExpirePaymentLinkProcessor] })
export class PaymentLinkExpiryModule {}
