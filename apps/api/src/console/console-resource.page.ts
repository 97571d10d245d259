import { html, NO_HTML, type SafeHtml } from '#libs/common';
import type { ResourceFields, StatusChangeView } from '#libs/application';

export function fieldsTable(fields: ResourceFields): SafeHtml {
  return html`<h2>Fields</h2><table><tbody>${fields.map(
    ([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`,
  )}</tbody></table>`;
}

export function timelineTable(changes: readonly StatusChangeView[]): SafeHtml {
  if (changes.length === 0) return html`<h2>Status timeline</h2><p>No status change is recorded.</p>`;
  return html`<h2>Status timeline</h2><table><thead><tr><th scope="col">Time</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Reason</th><th scope="col">Event</th></tr></thead><tbody>${changes.map(
    (change) =>
      html`<tr><td>${change.changedDateTime}</td><td>${change.fromStatus ?? '—'}</td><td>${change.toStatus}</td><td>${change.reason ?? NO_HTML}</td><td>${change.eventId}</td></tr>`,
  )}</tbody></table>`;
}

export function searchForm(query: string): SafeHtml {
  return html`<form method="get" action="/console/find" role="search">
<label for="find">Id or refId</label>
<input id="find" name="q" type="text" value="${query}" required>
<button type="submit">Find</button>
</form>`;
}
