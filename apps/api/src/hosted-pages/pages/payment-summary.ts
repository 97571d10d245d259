import type { PaymentInitiationInput } from '#libs/domain';
import { html, type SafeHtml } from '#libs/common';

/** What the user is about to pay: amount, payee, reference and (when set) the execution date. */
export function paymentSummary(initiation: PaymentInitiationInput): SafeHtml {
  const date =
    initiation.executionDate === undefined ? html`` : html`<dt>Payment date</dt><dd>${initiation.executionDate}</dd>`;
  return html`<dl class="summary">
<dt>Amount</dt><dd>${initiation.amount.value} ${initiation.amount.currency}</dd>
<dt>Pay to</dt><dd>${initiation.creditor.name}</dd>
<dt>Reference</dt><dd>${initiation.remittanceInformationPrimary}</dd>
${date}</dl>`;
}
