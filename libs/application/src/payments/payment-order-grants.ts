import { Injectable } from '@nestjs/common';
import { SecretBox } from '#libs/secrets';

/** The sealing purpose of the user's grant a payment order is submitted (and asked again) with. */
export const PAYMENT_ORDER_GRANT_PURPOSE = 'payment-order-grant';

/**
 * The grant a bank gave for submitting one payment's order (UK Open Banking: the user's access
 * token from the code exchange), sealed and bound to the payment, kept on its outcome check
 * only while the order's answer is unknown, so the order can be asked again under the same
 * idempotency key. Never logged or returned.
 */
@Injectable()
export class PaymentOrderGrants {
  constructor(private readonly box: SecretBox) {}

  seal(paymentId: string, grant: string): Promise<string> {
    return this.box.seal({ purpose: PAYMENT_ORDER_GRANT_PURPOSE, recordId: paymentId }, grant);
  }

  open(paymentId: string, sealed: string): Promise<string> {
    return this.box.openText({ purpose: PAYMENT_ORDER_GRANT_PURPOSE, recordId: paymentId }, sealed);
  }
}
