import { html, NO_HTML, type SafeHtml } from '#libs/common';
import type { AdvancedClock, SandboxBankFaultsRow, SandboxFaults } from '#libs/application';
import { csrfField } from './console-page.js';

const NONE = '—';

/** An offset in milliseconds as days, hours, minutes and seconds (`0 s` when none). */
export function describeOffset(offsetMs: number): string {
  let seconds = Math.floor(offsetMs / 1000);
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['min', 60],
  ] as const) {
    const count = Math.floor(seconds / size);
    if (count > 0) parts.push(`${count} ${unit}`);
    seconds -= count * size;
  }
  if (seconds > 0 || parts.length === 0) parts.push(`${seconds} s`);
  return parts.join(' ');
}

export function clockTable(clock: AdvancedClock): SafeHtml {
  return html`<h2>Service clock</h2><table class="clock"><tbody><tr><th scope="row">Now</th><td><time id="clock-now" datetime="${clock.now}">${clock.now}</time></td></tr><tr><th scope="row">Ahead of wall time</th><td>${describeOffset(clock.offsetMs)} (${clock.offsetMs} ms)</td></tr></tbody></table>`;
}

/** The admin API's limits on an advance (AdvanceClockRequest): 0 to 400 days in seconds. */
export function advanceClockForm(csrfToken: string, maxSeconds: number): SafeHtml {
  return html`<form method="post" action="/console/sandbox/clock">${csrfField(csrfToken)}
<label for="advance-seconds">Seconds to advance</label>
<input id="advance-seconds" name="seconds" type="number" min="0" max="${maxSeconds}" step="any" required>
<button type="submit">Advance the clock</button>
</form><p>The clock moves forward for the api and the worker alike, and never back. Console sessions do not: they run on wall time.</p>`;
}

function faultsCells(faults: SandboxFaults): SafeHtml {
  return html`<td>${faults.latencyMs} ms</td><td>${faults.errorRate}</td><td>${faults.lostAnswerRate}</td><td>${faults.lateAnswerMs} ms</td><td>${faults.only.length === 0 ? 'all' : faults.only.join(', ')}</td>`;
}

function hasFaults(faults: SandboxFaults): boolean {
  return faults.latencyMs > 0 || faults.errorRate > 0 || faults.lostAnswerRate > 0 || faults.lateAnswerMs > 0;
}

function clearForm(bankId: string, csrfToken: string): SafeHtml {
  return html`<form method="post" action="/console/sandbox/faults">${csrfField(csrfToken)}<input type="hidden" name="bankId" value="${bankId}"><button type="submit" class="secondary" aria-label="Clear faults of ${bankId}">Clear</button></form>`;
}

export function faultsTable(rows: readonly SandboxBankFaultsRow[], csrfToken: string): SafeHtml {
  if (rows.length === 0)
    return html`<h2>Sandbox bank faults</h2><p>No bank of the catalogue is at the sandbox bank.</p>`;
  return html`<h2>Sandbox bank faults</h2><table class="faults"><thead><tr><th scope="col">Bank</th><th scope="col">Name</th><th scope="col">Latency</th><th scope="col">Error rate</th><th scope="col">Lost answer rate</th><th scope="col">Late answer</th><th scope="col">Operations</th><th scope="col">Action</th></tr></thead><tbody>${rows.map(
    (row) =>
      html`<tr><td><code>${row.id}</code></td><td>${row.name}</td>${row.faults === undefined ? html`<td colspan="5" class="error">${row.error ?? NONE}</td>` : faultsCells(row.faults)}<td>${row.faults !== undefined && (hasFaults(row.faults) || row.faults.only.length > 0) ? clearForm(row.id, csrfToken) : NO_HTML}</td></tr>`,
  )}</tbody></table>`;
}

/** Sets one bank's faults as a whole (what is left blank is off), as the sandbox bank's PUT does. */
export function setFaultsForm(rows: readonly SandboxBankFaultsRow[], csrfToken: string): SafeHtml {
  if (rows.length === 0) return NO_HTML;
  return html`<h2>Set a bank's faults</h2><form method="post" action="/console/sandbox/faults">${csrfField(csrfToken)}
<label for="fault-bank">Bank</label>
<select id="fault-bank" name="bankId" required>${rows.map((row) => html`<option value="${row.id}">${row.id} (${row.name})</option>`)}</select>
<label for="fault-latency">Latency added to every call (ms, 0 to 120000)</label>
<input id="fault-latency" name="latencyMs" type="number" min="0" max="120000" step="1" value="0">
<label for="fault-error-rate">Share of calls answered 500 (0 to 1)</label>
<input id="fault-error-rate" name="errorRate" type="number" min="0" max="1" step="any" value="0">
<label for="fault-lost-rate">Share of changing calls whose answer is lost (0 to 1)</label>
<input id="fault-lost-rate" name="lostAnswerRate" type="number" min="0" max="1" step="any" value="0">
<label for="fault-late">Wait after a changing call's work, before answering (ms, 0 to 120000)</label>
<input id="fault-late" name="lateAnswerMs" type="number" min="0" max="120000" step="1" value="0">
<label for="fault-only">Only these operations (comma-separated, e.g. domestic-payments; all when blank)</label>
<input id="fault-only" name="only" type="text" maxlength="1400">
<button type="submit">Set faults</button>
</form><p>The faults replace the bank's current ones; all zero and no operations clears them.</p>`;
}
