import { displayAccount, displayAmount, type PaymentInitiationInput } from '#libs/domain';
import { NO_HTML, html, type SafeHtml } from '#libs/common';
import type { PaymentSummaryContext } from '#libs/application';

export type { PaymentSummaryContext } from '#libs/application';

/** The logos a summary shows (the page's policy must let their origin serve images). */
export function summaryLogoUris(context: PaymentSummaryContext): string[] {
  return context.bank === undefined ? [] : [context.bank.logoUri];
}

/**
 * What the user is about to pay: who asks, the amount with its currency, the payee and its
 * account as people read it, the reference, the bank once chosen and (when set) the date.
 */
export function paymentSummary(initiation: PaymentInitiationInput, context: PaymentSummaryContext = {}): SafeHtml {
  const merchant =
    context.merchantName === undefined
      ? NO_HTML
      : html`<p class="merchant"><strong>${context.merchantName}</strong> asks you to pay by bank transfer.</p>
`;
  const account = displayAccount(initiation.creditor);
  const date =
    initiation.executionDate === undefined ? html`` : html`<dt>Payment date</dt><dd>${initiation.executionDate}</dd>`;
  const bank =
    context.bank === undefined
      ? NO_HTML
      : html`<dt>Your bank</dt><dd class="chosen-bank"><img class="bank-logo" src="${context.bank.logoUri}" alt="" width="32" height="32"><span>${context.bank.name}</span></dd>`;
  return html`${merchant}<dl class="summary">
<dt>Amount</dt><dd>${displayAmount(initiation.amount.value, initiation.amount.currency)}</dd>
<dt>Pay to</dt><dd>${initiation.creditor.name}</dd>
${account === undefined ? NO_HTML : html`<dt>Account</dt><dd>${account}</dd>`}
<dt>Reference</dt><dd>${initiation.remittanceInformationPrimary}</dd>
${bank}${date}</dl>`;
}
