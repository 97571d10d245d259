import { newIdempotencyKey, send, TPP_CALLBACK, type FlowContext } from './flow-client.js';

/** The payee every VRP of the run's consent pays (the consent's creditor). */
export const VRP_CREDITOR = { name: 'J Smith Savings', sortCode: '040004', accountNumber: '12345678' };

/** One VRP under the run's authorised consent, sent under an Idempotency-Key. */
export async function vrp(ctx: FlowContext, ref: string): Promise<void> {
  const consentId = ctx.fixtures.vrpConsentId;
  if (consentId === undefined) throw new Error('the run has no VRP consent');
  await send(ctx, `${ctx.apiUrl}/v2/payments`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: {
      initiation: {
        vrpConsentId: consentId,
        refId: ref,
        remittanceInformationPrimary: 'Sweep to savings',
        amount: { value: '1.25', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: VRP_CREDITOR,
        callbackUrl: TPP_CALLBACK,
        callbackState: ref,
      },
    },
  });
}
