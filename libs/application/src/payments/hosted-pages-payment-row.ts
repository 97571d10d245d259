import { withFields } from '#libs/common';
import type { NewPayment } from '#libs/db';
import { hostedPagesUrl } from './hosted-pages-url.js';
import type { DraftedPayment } from './payment-initiation-checks.js';
import type { PaymentRules } from './payment-rules.js';

/**
 * A payment drafted without a bank, as it is stored to wait for the payer on the hosted pages:
 * INITIATION_PENDING_REDIRECT_HP, sent to the bank selection, for the authorisation window.
 */
export function hostedPagesPaymentRow(
  draft: DraftedPayment,
  now: Date,
  publicBaseUrl: string,
  rules: PaymentRules,
): NewPayment & { readonly id: string } {
  return withFields(draft, {
    status: 'INITIATION_PENDING_REDIRECT_HP',
    authentication: { redirectUrl: hostedPagesUrl(publicBaseUrl, draft.callbackToken) },
    expiresAt: new Date(now.getTime() + rules.authorisationWindowMs),
  });
}
