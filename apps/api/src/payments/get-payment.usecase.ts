import { Injectable } from '@nestjs/common';
import { GatewayError } from '#libs/common';
import { PrismaService, readPaymentForMember, readPaymentViewForMember, type Payment } from '#libs/db';
import { renderPayment, type PaymentResource } from '#libs/payments';

/** GET /v2/payments/{paymentId}: the member's payment with its next step; 404 for any other id. */
@Injectable()
export class GetPaymentUseCase {
  constructor(private readonly prisma: PrismaService) {}

  async find(memberId: string, paymentId: string): Promise<Payment> {
    const payment = await readPaymentForMember(this.prisma.pool, memberId, paymentId);
    if (payment === null) throw GatewayError.notFound(paymentId, `Payment ${paymentId} not found.`);
    return payment;
  }

  /** The resource only: the columns it shows. */
  async execute(memberId: string, paymentId: string): Promise<PaymentResource> {
    const view = await readPaymentViewForMember(this.prisma.pool, memberId, paymentId);
    if (view === null) throw GatewayError.notFound(paymentId, `Payment ${paymentId} not found.`);
    return renderPayment(view);
  }
}
