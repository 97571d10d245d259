import { html, NO_HTML, type SafeHtml } from '#libs/common';
import type { BankCallHealth } from '#libs/application';
import { countBars } from './console-charts.js';

function bound(ms: number | undefined): string {
  return ms === undefined ? 'over 30 s' : `≤ ${ms} ms`;
}

function failureRate(bank: BankCallHealth): number {
  return Math.round((bank.failed / bank.calls) * 100);
}

/** Per bank latency (p50, p99) and failure rate over a window, as bars and as a table. */
export function bankCallsSection(banks: readonly BankCallHealth[], window: string): SafeHtml {
  if (banks.length === 0)
    return html`<section aria-labelledby="bank-calls-heading"><h2 id="bank-calls-heading">Bank calls (${window})</h2><p>No bank was called.</p></section>`;
  const latency = countBars(
    'bank-latency',
    `99th percentile latency per bank, ms (${window})`,
    banks.map((bank) => [bank.bankId, bank.p99Ms ?? 30_000, bank.slow ? '#b35900' : '#0b4f9c']),
  );
  const failures = countBars(
    'bank-failures',
    `Calls the bank did not answer, % (${window})`,
    banks.map((bank) => [bank.bankId, failureRate(bank), bank.failing ? '#a30000' : '#0a5c2b']),
  );
  return html`<section aria-labelledby="bank-calls-heading"><h2 id="bank-calls-heading">Bank calls (${window})</h2>${latency}${failures}${bankCallsTable(banks)}</section>`;
}

export function bankCallsTable(banks: readonly BankCallHealth[]): SafeHtml {
  return html`<table class="bank-calls"><thead><tr><th scope="col">Bank</th><th scope="col">Calls</th><th scope="col">p50</th><th scope="col">p99</th><th scope="col">Not answered</th><th scope="col">State</th></tr></thead><tbody>${banks.map(
    (bank) =>
      html`<tr><th scope="row">${bank.bankId}</th><td>${bank.calls}</td><td>${bound(bank.p50Ms)}</td><td>${bound(bank.p99Ms)}</td><td>${bank.failed} (${failureRate(bank)} %)</td><td>${bank.failing ? 'failing' : bank.slow ? 'slow' : 'ok'}</td></tr>`,
  )}</tbody></table>`;
}

/** The banks of the window that are slow or failing (for the Action needed page). */
export function slowBanksTable(banks: readonly BankCallHealth[]): SafeHtml {
  const troubled = banks.filter((bank) => bank.slow || bank.failing);
  return troubled.length === 0 ? NO_HTML : bankCallsTable(troubled);
}
