import type { Payment } from '#libs/application';
import { html } from '#libs/common';
import { statusPath } from '../hosted-page-paths.js';
import { renderMessagePage } from '../../../shared/hosted-pages/pages/message.page.js';
import { tppLink } from './tpp-link.js';

/** 410: bank selection was not finished in time. */
export function renderExpiredPage(payment: Payment): string {
  return renderMessagePage({
    title: 'This payment link has expired',
    paragraphs: [
      'A bank was not chosen in time, so this payment can no longer be made. Return to the shop and start the payment again.',
    ],
    extra: [tppLink(payment)],
  });
}

/** 409: the bank has already been chosen (or the payment ended without one): no second choice. */
export function renderPastSelectionPage(token: string, payment: Payment): string {
  const chosen = payment.bankId !== null;
  return renderMessagePage({
    title: chosen ? 'A bank has already been chosen' : 'This payment is closed',
    paragraphs: [
      chosen ? 'The bank for this payment cannot be chosen again.' : 'A bank can no longer be chosen for this payment.',
    ],
    extra: [html`<p><a href="${statusPath(token)}">See where this payment stands</a></p>`, tppLink(payment)],
  });
}

/** The chosen bank could not start the payment; it has ended. */
export function renderBankFailedPage(payment: Payment, traceId: string): string {
  const refused = payment.status === 'INITIATION_REJECTED';
  return renderMessagePage({
    title: 'The payment could not be started',
    paragraphs: [
      refused ? 'Your bank refused this payment.' : 'Your bank could not be reached or did not answer in time.',
      'No money has been taken. Return to the shop to try again.',
    ],
    extra: [tppLink(payment)],
    reference: traceId,
  });
}

/** The user is due at the bank's own page (for a reload of the status page). */
export function renderContinueAtBankPage(url: string, payment: Payment): string {
  return renderMessagePage({
    title: 'Continue at your bank',
    paragraphs: ['Log in at your bank to authorise this payment.'],
    extra: [html`<p><a href="${url}">Continue to your bank</a></p>`, tppLink(payment, 'Cancel and return to')],
  });
}
