import { newIdempotencyKey, send, type FlowContext } from './flow-client.js';

/** Of each refundable payment (10.50 GBP), one refund repays this part. */
export const REFUND_AMOUNT = '4.00';

/** One refund of a completed payment of the run, from the member's registration, under an Idempotency-Key. */
export async function refund(ctx: FlowContext, ref: string): Promise<void> {
  const paymentId = ctx.fixtures.refundablePayments.pop();
  const registrationId = ctx.fixtures.refundRegistrationId;
  if (paymentId === undefined || registrationId === undefined)
    throw new Error('the run has no refundable payment left');
  await send(ctx, `${ctx.apiUrl}/refunds`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: {
      initiation: {
        refId: ref,
        amount: { value: REFUND_AMOUNT, currency: 'GBP' },
        originalPaymentId: paymentId,
        registrationId,
        localInstrument: 'FASTER_PAYMENTS',
      },
    },
  });
}
