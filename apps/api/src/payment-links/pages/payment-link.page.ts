import { NO_HTML, html, type SafeHtml } from '#libs/common';
import { type PaymentLink, PAYMENT_LINK_PAGES_PATH } from '#libs/application';
import { displayAccount, displayAmount, type PaymentCreditor } from '#libs/domain';
import { renderPage } from '../../shared/hosted-pages/page-layout.js';

/** The page title of a payment link's pages. */
export const PAYMENT_LINK_PAGE_TITLE = 'Pay by link';

interface TemplateView {
  readonly amount: { readonly currency: string; readonly value?: string };
  readonly creditor: PaymentCreditor;
  readonly refId: string;
  readonly remittanceInformationPrimary?: string;
}

/** What a link asks the payer to pay: who asks, the amount (or its bounds), the payee and the reference. */
function linkSummary(link: PaymentLink, merchantName: string | undefined): SafeHtml {
  const template = link.paymentTemplate as unknown as TemplateView;
  const account = displayAccount(template.creditor);
  const amount =
    template.amount.value === undefined
      ? link.perPaymentAmountLimit === null
        ? `You choose the amount (${template.amount.currency})`
        : `You choose the amount, up to ${displayAmount(link.perPaymentAmountLimit.toFixed(2), template.amount.currency)}`
      : displayAmount(template.amount.value, template.amount.currency);
  const merchant =
    merchantName === undefined
      ? NO_HTML
      : html`<p class="merchant"><strong>${merchantName}</strong> asks you to pay by bank transfer.</p>
`;
  return html`${merchant}<dl class="summary">
<dt>Amount</dt><dd>${amount}</dd>
<dt>Pay to</dt><dd>${template.creditor.name}</dd>
${account === undefined ? NO_HTML : html`<dt>Account</dt><dd>${account}</dd>`}
<dt>Reference</dt><dd>${template.remittanceInformationPrimary ?? template.refId}</dd>
</dl>`;
}

/** Why a link takes no payment, in the payer's words. */
export const LINK_REFUSALS: Readonly<Record<'not-active' | 'expired' | 'used-up' | 'amount-limit', string>> = {
  'not-active': 'This payment link is no longer active.',
  expired: 'This payment link has expired.',
  'used-up': 'This payment link has been used up: it takes no more payments.',
  'amount-limit': 'This payment link has reached its total amount: it takes no more payments.',
};

/** The refusal a link's status stands for, or undefined for an active link. */
export function refusalOf(link: PaymentLink): string | undefined {
  switch (link.status) {
    case 'LINK_ACTIVE':
      return undefined;
    case 'LINK_EXPIRED':
      return LINK_REFUSALS.expired;
    case 'USAGE_LIMIT_REACHED':
      return LINK_REFUSALS['used-up'];
    case 'AMOUNT_LIMIT_REACHED':
      return LINK_REFUSALS['amount-limit'];
    case 'LINK_CANCELED':
      return LINK_REFUSALS['not-active'];
  }
}

/**
 * The link's page: the summary, then either why it takes no payment, or a form (a plain button,
 * an amount field with its label when the payer chooses the amount) that starts a payment and
 * goes on to the bank selection.
 */
export function renderPaymentLinkPage(
  pageToken: string,
  link: PaymentLink,
  merchantName: string | undefined,
  notice?: { readonly refusal?: string; readonly problem?: string; readonly amount?: string },
): string {
  const refusal = notice?.refusal ?? refusalOf(link);
  const template = link.paymentTemplate as unknown as TemplateView;
  const problem =
    notice?.problem === undefined
      ? NO_HTML
      : html`<p class="error" role="alert" id="amount-error">${notice.problem}</p>`;
  const amountField =
    template.amount.value === undefined
      ? html`<label for="amount">Amount to pay (${template.amount.currency})</label>
<input type="text" id="amount" name="amount" inputmode="decimal" autocomplete="transaction-amount" required value="${notice?.amount ?? ''}"${notice?.problem === undefined ? NO_HTML : html` aria-invalid="true" aria-describedby="amount-error"`}>`
      : NO_HTML;
  const action =
    refusal === undefined
      ? html`<form method="post" action="${paymentLinkPagePath(pageToken)}">
${problem}${amountField}
<div class="actions"><button type="submit">Continue to choose your bank</button></div>
</form>`
      : html`<p class="notice" role="status">${refusal}</p>`;
  return renderPage(
    PAYMENT_LINK_PAGE_TITLE,
    html`${linkSummary(link, merchantName)}
${action}`,
  );
}

function paymentLinkPagePath(pageToken: string): string {
  return `${PAYMENT_LINK_PAGES_PATH}/${encodeURIComponent(pageToken)}`;
}
