import { newIdempotencyKey, send, type FlowContext } from './flow-client.js';

/** What each payout pays out of the run's settlement account. */
export const PAYOUT_AMOUNT = '3.00';

/** One payout from the run's credited settlement account, under an Idempotency-Key. */
export async function payout(ctx: FlowContext, ref: string): Promise<void> {
  const accountId = ctx.fixtures.payoutAccountId;
  if (accountId === undefined) throw new Error('the run has no settlement account');
  await send(ctx, `${ctx.apiUrl}/payouts`, 'POST', {
    idempotencyKey: newIdempotencyKey(),
    body: {
      initiation: {
        description: 'Bank truth payout',
        refId: ref,
        amount: { value: PAYOUT_AMOUNT, currency: 'GBP' },
        debtor: { accountId },
        creditor: { name: 'Jane Doe', sortCode: '040004', accountNumber: '12345678' },
      },
    },
  });
}
