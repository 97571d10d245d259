import { html, type SafeHtml } from '#libs/common';
import { hostedVrpConsentPath, type ListedBank, type VrpConsent } from '#libs/application';
import type { VrpConsentInitiationInput } from '#libs/domain';
import { renderPage } from '../shared/hosted-pages/page-layout.js';

/** What the user is asked to allow, in words: the payee and the limits. */
function summary(consent: VrpConsent): SafeHtml {
  const initiation = consent.initiation as unknown as VrpConsentInitiationInput;
  const limits = initiation.periodicLimits.map(
    (limit) =>
      html`<li>${initiation.currency} ${limit.maximumAmount} a ${limit.periodType.toLowerCase()}${limit.periodAlignment === 'CALENDAR' ? ' (calendar)' : ''}</li>`,
  );
  return html`<p>You are asked to allow recurring payments to <strong>${initiation.creditor.name}</strong>.</p>
<dl><dt>Each payment</dt><dd>at most ${initiation.currency} ${initiation.maximumIndividualAmount}</dd><dt>Reference</dt><dd>${initiation.remittanceInformationPrimary}</dd></dl>
<ul>${limits}</ul>`;
}

function bankButton(bank: ListedBank): SafeHtml {
  return html`<li><button type="submit" name="bankId" value="${bank.id}"><img class="bank-logo" src="${bank.logoUri}" alt="" width="40" height="40"><span>${bank.name}<span class="bank-detail">${bank.countries.join(', ')}</span></span></button></li>`;
}

/** The bank selection page of a VRP consent: one button per bank that can take it (a plain form post). */
export function renderVrpConsentBankSelection(
  consent: VrpConsent,
  banks: readonly ListedBank[],
  error?: string,
): string {
  const problem = error === undefined ? html`` : html`<p class="error" role="alert">${error}</p>`;
  const list =
    banks.length === 0
      ? html`<p>No bank available here can take this consent.</p>`
      : html`<form method="post" action="${hostedVrpConsentPath(consent.callbackToken)}"><ul class="banks">${banks.map(bankButton)}</ul></form>`;
  return renderPage('Choose your bank', html`${summary(consent)}${problem}<h2>Choose your bank</h2>${list}`);
}
