import { approveAtBank } from './bank-pages.js';
import type { FaultKind } from './fault-plan.js';
import { comeBack, send, TPP_CALLBACK, USER, type FlowContext, type Json, type Started } from './flow-client.js';

/**
 * A payment made through a payment link: the TPP makes a link (two uses at most), the payer
 * presses its page's button, picks the bank on the hosted bank selection, approves at the bank
 * and the browser comes back as the fault says. The link's payments are found by the link
 * afterwards (the link numbers their refIds).
 */
export async function paymentLinkUse(ctx: FlowContext, started: Started, fault: FaultKind): Promise<void> {
  const created = await send(ctx, `${ctx.apiUrl}/v2/payment-links`, 'POST', {
    body: {
      paymentTemplate: {
        amount: { value: '10.50', currency: 'GBP' },
        localInstrument: 'FASTER_PAYMENTS',
        creditor: { name: 'Merchant Ltd', sortCode: '040004', accountNumber: '12345678' },
        // The link adds 5 characters to number its uses: 13 at most here.
        refId: started.refId.slice(0, 13),
        remittanceInformationPrimary: started.refId,
        callbackUrl: TPP_CALLBACK,
      },
      linkConfig: { maxUsageCount: 2 },
    },
  });
  const link = created.body['paymentLink'] as Json | undefined;
  if (typeof link?.['id'] !== 'string' || typeof link['url'] !== 'string') return;
  started.linkId = link['id'];
  const used = await send(ctx, link['url'], 'POST', { auth: false, form: {} });
  if (used.status !== 303 || used.location === null) return;
  const chosen = await send(ctx, new URL(used.location, link['url']).toString(), 'POST', {
    auth: false,
    form: { bankId: started.bankId },
  });
  if (chosen.status !== 303 || chosen.location === null) return;
  const back = await approveAtBank(chosen.location, USER).catch(() => undefined);
  if (back !== undefined) await comeBack(ctx, back, fault);
}
