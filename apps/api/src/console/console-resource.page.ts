import { html, NO_HTML, type SafeHtml } from '#libs/common';
import type { StatusChangeView } from '#libs/application';
import type {
  ConsoleAttemptRow,
  ConsoleDeliveryRow,
  ConsoleMatch,
  ConsoleResourcePage,
  RelatedResource,
} from '#libs/application';
import { CONSOLE_RESOURCE_KINDS } from '#libs/application';
import { resourcePath } from './console-links.js';
import { csrfField } from './console-page.js';

const NONE = '—';

function iso(date: Date | null): string {
  return date === null ? NONE : date.toISOString();
}

export function fieldsTable(id: string, fields: readonly (readonly [string, string])[]): SafeHtml {
  return html`<h2>Fields</h2><table><tbody><tr><th scope="row">Id</th><td><code>${id}</code></td></tr>${fields.map(
    ([name, value]) => html`<tr><th scope="row">${name}</th><td>${value === '' ? NONE : value}</td></tr>`,
  )}</tbody></table>`;
}

export function relatedList(related: readonly RelatedResource[]): SafeHtml {
  if (related.length === 0) return html`<h2>Related</h2><p>No related resource.</p>`;
  return html`<h2>Related</h2><ul class="related">${related.map(
    (link) => html`<li>${link.label}: <a href="${resourcePath(link.kind, link.id)}">${link.id}</a></li>`,
  )}</ul>`;
}

export function timelineTable(changes: readonly StatusChangeView[]): SafeHtml {
  if (changes.length === 0) return html`<h2>Status timeline</h2><p>No status change is recorded.</p>`;
  return html`<h2>Status timeline</h2><table class="timeline"><thead><tr><th scope="col">Time</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Reason</th><th scope="col">Event</th></tr></thead><tbody>${changes.map(
    (change) =>
      html`<tr><td>${change.changedDateTime}</td><td>${change.fromStatus ?? NONE}</td><td>${change.toStatus}</td><td>${change.reason ?? NO_HTML}</td><td><code>${change.eventId}</code></td></tr>`,
  )}</tbody></table>`;
}

/** A replay button for a delivery that is not in flight; the operator comes back to `back`. */
export function replayForm(deliveryId: string, csrfToken: string, back: string): SafeHtml {
  return html`<form method="post" action="/console/webhook-deliveries/${encodeURIComponent(deliveryId)}/replay">${csrfField(csrfToken)}<input type="hidden" name="back" value="${back}"><button type="submit" aria-label="Replay delivery ${deliveryId}">Replay</button></form>`;
}

export function deliveriesTable(deliveries: readonly ConsoleDeliveryRow[], csrfToken: string, back: string): SafeHtml {
  if (deliveries.length === 0) return html`<h2>Events and webhook deliveries</h2><p>No delivery is recorded.</p>`;
  return html`<h2>Events and webhook deliveries</h2><table class="deliveries"><thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Delivery</th><th scope="col">Status</th><th scope="col">Attempts</th><th scope="col">Last answer</th><th scope="col">Next attempt</th><th scope="col">Action</th></tr></thead><tbody>${deliveries.map(
    (delivery) =>
      html`<tr><td><code>${delivery.eventId}</code></td><td>${delivery.eventType}</td><td><a href="${resourcePath('webhook-delivery', delivery.id)}">${delivery.id}</a></td><td>${delivery.status}</td><td>${delivery.attemptCount} (round ${delivery.round + 1})</td><td>${delivery.lastStatusCode === null ? (delivery.lastError ?? NONE) : String(delivery.lastStatusCode)}</td><td>${iso(delivery.nextAttemptAt)}</td><td>${delivery.status === 'PENDING' ? NO_HTML : replayForm(delivery.id, csrfToken, back)}</td></tr>`,
  )}</tbody></table>`;
}

export function attemptsTable(attempts: readonly ConsoleAttemptRow[]): SafeHtml {
  if (attempts.length === 0) return html`<h2>Attempts</h2><p>No attempt yet.</p>`;
  return html`<h2>Attempts</h2><table><thead><tr><th scope="col">Time</th><th scope="col">Round</th><th scope="col">Attempt</th><th scope="col">Answer</th><th scope="col">Latency</th><th scope="col">Error</th></tr></thead><tbody>${attempts.map(
    (attempt) =>
      html`<tr><td>${attempt.attemptedAt.toISOString()}</td><td>${attempt.round + 1}</td><td>${attempt.attemptNo}</td><td>${attempt.statusCode === null ? NONE : String(attempt.statusCode)}</td><td>${attempt.latencyMs} ms</td><td>${attempt.error ?? NO_HTML}</td></tr>`,
  )}</tbody></table>`;
}

export function matchesList(query: string, matches: readonly ConsoleMatch[]): SafeHtml {
  return html`<p>${matches.length} resources have the id or refId <code>${query}</code>.</p><ul>${matches.map(
    (match) =>
      html`<li>${CONSOLE_RESOURCE_KINDS[match.kind].label}: <a href="${resourcePath(match.kind, match.id)}">${match.id}</a></li>`,
  )}</ul>`;
}

export function searchForm(query: string): SafeHtml {
  return html`<form method="get" action="/console/find" role="search">
<label for="find">Id or refId</label>
<input id="find" name="q" type="text" value="${query}" maxlength="200" required>
<button type="submit">Find</button>
</form>
<p>Any id or refId: payment, transfer, token, token request, VRP consent, VRP, refund, payout, settlement account, credit, payment link, member, webhook delivery or event (webhook-id).</p>`;
}

/** A resource's page: its fields, its status timeline, its events' deliveries, what it relates to. */
export function resourcePageBody(
  page: ConsoleResourcePage,
  timeline: readonly StatusChangeView[],
  csrfToken: string,
  here: string,
): SafeHtml {
  const { resource } = page;
  const manage =
    resource.kind === 'member'
      ? html`<p><a href="/console/members/${encodeURIComponent(resource.id)}">Manage member</a></p>`
      : NO_HTML;
  return html`${manage}${fieldsTable(resource.id, resource.fields)}${timelineTable(timeline)}${deliveriesTable(page.deliveries, csrfToken, here)}${relatedList(resource.related)}`;
}

/** A webhook delivery's page: its fields, Replay unless a round is in flight, its attempts. */
export function deliveryPageBody(page: ConsoleResourcePage, csrfToken: string, here: string): SafeHtml {
  const { resource } = page;
  const pending = resource.fields.some(([name, value]) => name === 'Status' && value === 'PENDING');
  const action = pending
    ? html`<p>Replay is possible once this round ends.</p>`
    : replayForm(resource.id, csrfToken, here);
  return html`${fieldsTable(resource.id, resource.fields)}${action}${attemptsTable(page.attempts)}${relatedList(resource.related)}`;
}
