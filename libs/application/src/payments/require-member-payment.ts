import { GatewayError } from '#libs/common';
import type { Payment, PaymentRepository } from '#libs/db';
import type { MemberId } from '#libs/domain';

/** The member's payment, the whole row, or a 404 (also for another member's payment). */
export async function requireMemberPayment(
  payments: PaymentRepository,
  memberId: MemberId,
  paymentId: string,
): Promise<Payment> {
  const payment = await payments.findForMember(memberId, paymentId);
  if (payment === null) throw GatewayError.notFound(paymentId, `Payment ${paymentId} not found.`);
  return payment;
}
