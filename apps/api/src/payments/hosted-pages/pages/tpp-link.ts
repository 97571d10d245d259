import { type Payment, tppCallbackUrl } from '#libs/application';
import { html, type SafeHtml } from '#libs/common';

/** A link back to the TPP (its callbackUrl with paymentId and callbackState), named after its host. */
export function tppLink(payment: Payment, label = 'Return to'): SafeHtml {
  const url = new URL(tppCallbackUrl(payment));
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return html``;
  return html`<p><a href="${url.toString()}">${label} ${url.host}</a></p>`;
}
