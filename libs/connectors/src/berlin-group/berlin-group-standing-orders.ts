import type { BankPaymentHandle, PaymentProgress } from '../capabilities/payment-initiation.js';
import type { StandingOrderCallback, StandingOrderInitiation } from '../capabilities/standing-orders.js';
import { BankOperationUnsupportedError } from '../bank-errors.js';
import type { BankCallContext } from '../bank-types.js';
import { BerlinGroupPayments, PERIODIC_PAYMENTS, type BerlinGroupParts } from './berlin-group-payments.js';
import { periodicPaymentBody } from './berlin-group-periodic-requests.js';
import { paymentProductFor } from './berlin-group-products.js';

/**
 * Standing orders as periodic payments (`/v1/periodic-payments/{payment-product}`): one step,
 * like single payments: the bank sets the order up as the user authorises it, so the way back
 * only reads its transactionStatus. Authorised by redirect or decoupled; the embedded approach
 * has no standing-order steps in the gateway (BankOperationUnsupportedError).
 */
export class BerlinGroupStandingOrders {
  private readonly periodic: BerlinGroupPayments;

  constructor(private readonly parts: BerlinGroupParts) {
    this.periodic = new BerlinGroupPayments(parts, PERIODIC_PAYMENTS);
  }

  async create(ctx: BankCallContext, initiation: StandingOrderInitiation): Promise<PaymentProgress> {
    const { bankId, settings } = this.parts;
    if (settings.scaApproach === 'embedded')
      throw new BankOperationUnsupportedError(bankId, 'standing orders with embedded authorisation');
    const product = paymentProductFor(bankId, settings.productMap, initiation.localInstrument);
    return this.periodic.start(ctx, {
      product,
      body: periodicPaymentBody(initiation),
      redirectUri: initiation.redirectUri,
      state: initiation.state,
      ...(initiation.psuId === undefined ? {} : { psuId: initiation.psuId }),
    });
  }

  completeRedirect(ctx: BankCallContext, callback: StandingOrderCallback): Promise<PaymentProgress> {
    return this.periodic.completeReturn(ctx, callback.handle, callback.params, callback.initiation.state);
  }

  status(ctx: BankCallContext, handle: BankPaymentHandle): Promise<PaymentProgress> {
    return this.periodic.status(ctx, handle);
  }
}
