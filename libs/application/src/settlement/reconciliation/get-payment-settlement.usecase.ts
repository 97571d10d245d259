import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PaymentRepository, SettlementReconciliationRepository } from '#libs/db';
import { renderPayment, type PaymentResource } from '../../payments/payment-view.js';
import { creditView, type CreditView } from './credit-view.js';

export interface GetPaymentSettlementCommand {
  readonly paymentId: string;
}

/** A payment to a settlement account with the credits booked against it, oldest booked first. */
export interface PaymentSettlementView {
  readonly payment: PaymentResource;
  readonly credits: readonly CreditView[];
}

/**
 * GET /admin/settlement/payments/{paymentId}: a payment to a settlement account and the credits
 * booked against it; 404 for any other id.
 */
@Injectable()
export class GetPaymentSettlementUseCase {
  constructor(
    private readonly reconciliation: SettlementReconciliationRepository,
    private readonly payments: PaymentRepository,
  ) {}

  async execute(command: GetPaymentSettlementCommand): Promise<PaymentSettlementView> {
    const { paymentId } = command;
    const payment = await this.payments.findById(paymentId);
    if (payment === null || payment.virtualAccountId === null)
      throw GatewayError.notFound(paymentId, `Payment ${paymentId} to a settlement account not found.`);
    const credits = await this.reconciliation.creditsBookedAgainst({ paymentId });
    return { payment: renderPayment(payment), credits: credits.map(creditView) };
  }
}
