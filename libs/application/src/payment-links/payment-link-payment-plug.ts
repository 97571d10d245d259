import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PaymentExtensions } from '../payments/payment-extensions.js';
import { giveBackLinkUse } from './give-back-link-use.js';

/**
 * Plugs payment links into payments (their extension port) when the application starts: the use
 * of a payment made through a link that ended without the money moving is given back.
 */
@Injectable()
export class PaymentLinkPaymentPlug implements OnModuleInit {
  constructor(private readonly extensions: PaymentExtensions) {}

  onModuleInit(): void {
    this.extensions.plugLinks({ giveBackLinkUse });
  }
}
