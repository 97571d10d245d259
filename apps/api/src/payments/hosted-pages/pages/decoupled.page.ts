import { type Payment, initiationOf } from '#libs/application';
import { html } from '#libs/common';
import { statusPath } from '../hosted-page-paths.js';
import { DECOUPLED_REFRESH_SECONDS } from '../../../shared/hosted-pages/decoupled-refresh.js';
import { renderPage } from '../../../shared/hosted-pages/page-layout.js';
import { paymentSummary, type PaymentSummaryContext } from './payment-summary.js';

/** The bank asks the user to approve elsewhere (their banking app): wait, reloading the status. */
export function renderDecoupledPage(token: string, payment: Payment, summary: PaymentSummaryContext = {}): string {
  const body = html`${paymentSummary(initiationOf(payment), summary)}
<p>Open your banking app and approve this payment there. This page checks again every ${DECOUPLED_REFRESH_SECONDS} seconds.</p>
<p><a href="${statusPath(token)}">I have approved it: check now</a></p>`;
  return renderPage('Approve in your banking app', body, {
    refresh: { seconds: DECOUPLED_REFRESH_SECONDS, path: statusPath(token) },
  });
}
