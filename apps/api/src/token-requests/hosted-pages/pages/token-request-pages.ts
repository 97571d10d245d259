import { html, type SafeHtml } from '#libs/common';
import {
  type EmbeddedAuthStep,
  hostedTokenRequestPath,
  hostedTokenRequestStatusPath,
  type ListedBank,
} from '#libs/application';
import { renderPage } from '../../../shared/hosted-pages/page-layout.js';
import { DECOUPLED_REFRESH_SECONDS } from '../../../shared/hosted-pages/decoupled-refresh.js';
import { embeddedAuthForm } from '../../../shared/hosted-pages/pages/embedded-auth-form.js';

/** What the user is asked to authorise, in words. */
export interface TokenRequestSummary {
  readonly merchantName?: string;
  /** e.g. "a payment of GBP 10.50 to Merchant Ltd", "access to your account information". */
  readonly what: string;
}

function summary(context: TokenRequestSummary): SafeHtml {
  return context.merchantName === undefined
    ? html`<p>You are asked to authorise ${context.what}.</p>`
    : html`<p><strong>${context.merchantName}</strong> asks you to authorise ${context.what}.</p>`;
}

function bankButton(bank: ListedBank): SafeHtml {
  return html`<li><button type="submit" name="bankId" value="${bank.id}"><img class="bank-logo" src="${bank.logoUri}" alt="" width="40" height="40"><span>${bank.name}<span class="bank-detail">${bank.countries.join(', ')}</span></span></button></li>`;
}

/** The bank selection page of a token request: one button per bank that can authorise it (a plain form post). */
export function renderTokenRequestBankSelection(
  token: string,
  banks: readonly ListedBank[],
  context: TokenRequestSummary,
  error?: string,
): string {
  const action = hostedTokenRequestPath(token);
  const problem = error === undefined ? html`` : html`<p class="error" role="alert">${error}</p>`;
  const list =
    banks.length === 0
      ? html`<p>No bank available here can authorise this request.</p>`
      : html`<form method="post" action="${action}"><ul class="banks">${banks.map(bankButton)}</ul></form>`;
  return renderPage('Choose your bank', html`${summary(context)}${problem}<h2>Choose your bank</h2>${list}`);
}

/** The path of the request's status page (the bank's fields, decoupled approval, a reload). */
export function tokenRequestStatusPath(token: string): string {
  return hostedTokenRequestStatusPath(token);
}

/** Where the embedded step's form posts. */
export function tokenRequestEmbeddedPath(token: string): string {
  return `${hostedTokenRequestPath(token)}/embedded`;
}

/** The bank's embedded step as a form, as the payments' hosted pages show it; posted to the gateway. */
export function renderTokenRequestEmbeddedPage(
  token: string,
  step: EmbeddedAuthStep,
  context: TokenRequestSummary,
  error?: string,
): string {
  return renderPage(
    'Confirm with your bank',
    html`${summary(context)}
${embeddedAuthForm(step, tokenRequestEmbeddedPath(token), error)}`,
  );
}

/** The bank asks the user to approve in its app: wait, reloading the status. */
export function renderTokenRequestDecoupledPage(token: string, context: TokenRequestSummary): string {
  const path = tokenRequestStatusPath(token);
  return renderPage(
    'Approve in your banking app',
    html`${summary(context)}<p>Open your banking app and approve the request there. This page checks again every ${DECOUPLED_REFRESH_SECONDS} seconds.</p>
<p><a href="${path}">I have approved it: check now</a></p>`,
    { refresh: { seconds: DECOUPLED_REFRESH_SECONDS, path } },
  );
}
