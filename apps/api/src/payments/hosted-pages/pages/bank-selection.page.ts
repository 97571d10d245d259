import { initiationOf, type BankSelection, type ListedBank } from '#libs/application';
import { NO_HTML, html, type SafeHtml } from '#libs/common';
import { selectionPath } from '../hosted-page-paths.js';
import { renderPage } from '../../../shared/hosted-pages/page-layout.js';
import { paymentSummary, type PaymentSummaryContext } from './payment-summary.js';
import { tppLink } from './tpp-link.js';

function bankButton(bank: ListedBank): SafeHtml {
  return html`<li><button type="submit" name="bankId" value="${bank.id}"><img class="bank-logo" src="${bank.logoUri}" alt="" width="40" height="40"><span>${bank.name}<span class="bank-detail">${bank.countries.join(', ')}</span></span></button></li>`;
}

/** The logos the selection page shows (its policy lets their origins serve images). */
export function bankSelectionLogoUris(selection: BankSelection): string[] {
  return selection.banks.map((choice) => choice.listed.logoUri);
}

/** The country and name filter: a GET form, so it works without scripts and survives a reload. */
function filterForm(selection: BankSelection, action: string): SafeHtml {
  if (selection.selectableCount < 2) return NO_HTML;
  const options = selection.countries.map((country) =>
    country === selection.search.country
      ? html`<option value="${country}" selected>${country}</option>`
      : html`<option value="${country}">${country}</option>`,
  );
  return html`<form class="filter" method="get" action="${action}">
  <div><label for="country">Country</label><select id="country" name="country"><option value="">All countries</option>${options}</select></div>
  <div><label for="search">Bank name</label><input type="text" id="search" name="search" value="${selection.search.search ?? ''}"></div>
  <div><button type="submit">Filter</button></div>
</form>`;
}

function bankList(selection: BankSelection, action: string): SafeHtml {
  if (selection.selectableCount === 0) {
    return html`<p>No bank available here can make this payment.</p>${tppLink(selection.payment)}`;
  }
  if (selection.banks.length === 0) {
    return html`<p>No bank matches your search. <a href="${action}">Show all banks</a></p>`;
  }
  return html`<form method="post" action="${action}">
<ul class="banks">${selection.banks.map((choice) => bankButton(choice.listed))}</ul>
</form>`;
}

/** The bank selection page: what is being paid, then one button per bank that can pay it. */
export function renderBankSelectionPage(
  token: string,
  selection: BankSelection,
  summary: PaymentSummaryContext,
  error?: string,
): string {
  const action = selectionPath(token);
  const problem = error === undefined ? NO_HTML : html`<p class="error" role="alert">${error}</p>`;
  const body = html`${paymentSummary(initiationOf(selection.payment), summary)}
${problem}
<h2>Choose your bank</h2>
${filterForm(selection, action)}
${bankList(selection, action)}`;
  return renderPage('Pay by bank', body);
}
