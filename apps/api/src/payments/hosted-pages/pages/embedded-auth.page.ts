import { type EmbeddedAuthStep, type Payment, initiationOf } from '#libs/application';
import { html } from '#libs/common';
import { embeddedPath } from '../hosted-page-paths.js';
import { renderPage } from '../../../shared/hosted-pages/page-layout.js';
import { embeddedAuthForm } from '../../../shared/hosted-pages/pages/embedded-auth-form.js';
import { paymentSummary, type PaymentSummaryContext } from './payment-summary.js';

/**
 * The bank's embedded step as a form: a text input per FIELD, a password input per PASSWORD, a
 * radio group per CHOICE_FIELD; posted to the gateway, which passes the values to the bank.
 */
export function renderEmbeddedAuthPage(
  token: string,
  payment: Payment,
  step: EmbeddedAuthStep,
  error?: string,
  summary: PaymentSummaryContext = {},
): string {
  const body = html`${paymentSummary(initiationOf(payment), summary)}
${embeddedAuthForm(step, embeddedPath(token), error)}`;
  return renderPage('Confirm with your bank', body);
}
