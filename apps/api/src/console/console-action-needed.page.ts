import { html, NO_HTML, type SafeHtml } from '#libs/common';
import {
  FAILING_BANK_RATE,
  SLOW_BANK_P99_MS,
  takesOperatorOutcome,
  type BankCallHealth,
  type BanksStatusEntry,
  type ConsoleKind,
  type CreditView,
  type DeliveryView,
  type PaymentResource,
  type TransferResource,
} from '#libs/application';
import { slowBanksTable } from './console-bank-calls.page.js';
import { resourcePath } from './console-links.js';
import { csrfField } from './console-page.js';

/** The window of bank calls the page judges banks on. */
export const BANK_WINDOW_MINUTES = 15;

/** An outcome check's resource, as the console names its kind. */
const CHECKED_KINDS: Readonly<Record<string, ConsoleKind | undefined>> = {
  payment: 'payment',
  payout: 'payout',
  refund: 'refund',
  transfer: 'transfer',
};

/** A flagged check as the page lists it (the admin API's view). */
export interface FlaggedCheck {
  readonly kind: string;
  readonly resourceId: string;
  readonly memberId: string;
  readonly operation: string;
  readonly since: string;
  readonly attempts: number;
  readonly lastError?: string;
}

function link(kind: ConsoleKind | undefined, id: string): SafeHtml {
  return html`<a href="${resourcePath(kind, id)}">${id}</a>`;
}

function resolveForm(check: FlaggedCheck, csrfToken: string, index: number): SafeHtml {
  const outcome = takesOperatorOutcome(check.kind)
    ? html`<label for="outcome-${index}">Outcome</label><select id="outcome-${index}" name="outcome"><option value="">Leave the resource as it is</option><option value="EXECUTED">Executed at the bank</option><option value="NOT_EXECUTED">Not executed at the bank</option></select>`
    : NO_HTML;
  return html`<form method="post" action="/console/outcome-checks/${encodeURIComponent(check.kind)}/${encodeURIComponent(check.resourceId)}/resolve">${csrfField(csrfToken)}<label for="reason-${index}">Reason</label><input id="reason-${index}" name="reason" type="text" maxlength="512" required>${outcome}<button type="submit" aria-label="Resolve ${check.resourceId}">Resolve</button></form>`;
}

export function flaggedChecksSection(checks: readonly FlaggedCheck[], csrfToken: string): SafeHtml {
  const body =
    checks.length === 0
      ? html`<p>No resource is flagged.</p>`
      : html`<table class="flagged"><thead><tr><th scope="col">Resource</th><th scope="col">Kind</th><th scope="col">What was asked</th><th scope="col">Since</th><th scope="col">Asked</th><th scope="col">Last error</th><th scope="col">Resolve</th></tr></thead><tbody>${checks.map(
          (check, index) =>
            html`<tr><td>${link(CHECKED_KINDS[check.kind], check.resourceId)}</td><td>${check.kind}</td><td>${check.operation}</td><td>${check.since}</td><td>${check.attempts}</td><td>${check.lastError ?? NO_HTML}</td><td>${resolveForm(check, csrfToken, index)}</td></tr>`,
        )}</tbody></table>`;
  return html`<section aria-labelledby="flagged-heading"><h2 id="flagged-heading">Unknown bank outcomes flagged for an operator</h2>
<p>The bank never answered these money-moving calls. Resolve one with what the bank or provider says; the reason is recorded.</p>${body}</section>`;
}

function matchForm(credit: CreditView, awaiting: readonly PaymentResource[], csrfToken: string): SafeHtml {
  const suggestions = awaiting.filter(
    (payment) => payment.memberId === credit.memberId && payment.initiation.amount.currency === credit.amount.currency,
  );
  const list = `awaiting-${credit.id}`;
  return html`<form method="post" action="/console/credits/${encodeURIComponent(credit.id)}/match">${csrfField(csrfToken)}<label for="match-${credit.id}">Payment or transfer id</label><input id="match-${credit.id}" name="target" type="text" list="${list}" maxlength="200" required><datalist id="${list}">${suggestions.map(
    (payment) =>
      html`<option value="${payment.id}">${payment.initiation.amount.value} ${payment.initiation.amount.currency}, refId ${payment.initiation.refId}</option>`,
  )}</datalist><button type="submit" aria-label="Match credit ${credit.id}">Match</button></form>`;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function unmatchedCreditsSection(
  credits: readonly CreditView[],
  awaiting: readonly PaymentResource[],
  awaitingTransfers: readonly TransferResource[],
  csrfToken: string,
): SafeHtml {
  const body =
    credits.length === 0
      ? html`<p>No credit is unmatched.</p>`
      : html`<table class="unmatched"><thead><tr><th scope="col">Credit</th><th scope="col">Account</th><th scope="col">Amount</th><th scope="col">Reference</th><th scope="col">Received</th><th scope="col">Match</th></tr></thead><tbody>${credits.map(
          (credit) =>
            html`<tr><td>${link('credit', credit.id)}</td><td>${link('settlement-account', credit.accountId)}</td><td>${credit.amount.value} ${credit.amount.currency}</td><td>${credit.refId ?? credit.description ?? NO_HTML}</td><td>${credit.receivedAt}</td><td>${matchForm(credit, awaiting, csrfToken)}</td></tr>`,
        )}</tbody></table>`;
  const awaitingTable =
    awaiting.length === 0
      ? html`<p>No payment awaits settlement.</p>`
      : html`<table class="awaiting"><thead><tr><th scope="col">Payment awaiting settlement</th><th scope="col">Amount</th><th scope="col">refId</th><th scope="col">Member</th></tr></thead><tbody>${awaiting.map(
          (payment) =>
            html`<tr><td>${link('payment', payment.id)}</td><td>${payment.initiation.amount.value} ${payment.initiation.amount.currency}</td><td>${payment.initiation.refId}</td><td>${link('member', payment.memberId)}</td></tr>`,
        )}</tbody></table>`;
  const transfersTable =
    awaitingTransfers.length === 0
      ? NO_HTML
      : html`<table class="awaiting-transfers"><thead><tr><th scope="col">Payments v1 transfer awaiting settlement</th><th scope="col">refId</th><th scope="col">Created</th></tr></thead><tbody>${awaitingTransfers.map(
          (transfer) =>
            html`<tr><td>${link('transfer', transfer.id)}</td><td>${text(transfer.payload['refId'])}</td><td>${new Date(Number(transfer.createdAtMs)).toISOString()}</td></tr>`,
        )}</tbody></table>`;
  return html`<section aria-labelledby="credits-heading"><h2 id="credits-heading">Unmatched settlement credits</h2>
<p>Credits no payment took. A match (with a payment, or a Payments v1 transfer by its id) goes through the same rules as the admin API's.</p>${body}${awaitingTable}${transfersTable}</section>`;
}

export function deadDeliveriesSection(deliveries: readonly DeliveryView[], csrfToken: string): SafeHtml {
  const body =
    deliveries.length === 0
      ? html`<p>No delivery gave up.</p>`
      : html`<form method="post" action="/console/webhook-deliveries/replay">${csrfField(csrfToken)}<table class="dead"><thead><tr><th scope="col">Select</th><th scope="col">Delivery</th><th scope="col">Member</th><th scope="col">Event type</th><th scope="col">Attempts</th><th scope="col">Last attempt</th></tr></thead><tbody>${deliveries.map(
          (delivery) =>
            html`<tr><td><input type="checkbox" name="deliveryId" value="${delivery.id}" id="dead-${delivery.id}" aria-label="Select ${delivery.id}"></td><td>${link('webhook-delivery', delivery.id)}</td><td>${link('member', delivery.memberId)}</td><td>${delivery.eventType}</td><td>${delivery.attemptCount}</td><td>${delivery.lastAttemptDateTime ?? NO_HTML}</td></tr>`,
        )}</tbody></table><button type="submit" name="scope" value="selected">Replay selected</button> <button type="submit" name="scope" value="all" class="secondary">Replay every delivery that gave up</button></form>`;
  return html`<section aria-labelledby="dead-heading"><h2 id="dead-heading">Webhook deliveries that gave up</h2>${body}</section>`;
}

export function banksDownSection(banks: readonly BanksStatusEntry[], calls: readonly BankCallHealth[]): SafeHtml {
  const down = banks.filter((bank) => bank.aisStatus === 'DOWN' || bank.pisStatus === 'DOWN');
  const troubled = calls.filter((bank) => bank.slow || bank.failing);
  const slow =
    troubled.length === 0
      ? html`<p>No bank was slow or failing in the last ${BANK_WINDOW_MINUTES} minutes.</p>`
      : html`<p>Slow (99th percentile over ${SLOW_BANK_P99_MS} ms) or failing (${FAILING_BANK_RATE * 100} % of calls or more not answered) in the last ${BANK_WINDOW_MINUTES} minutes:</p>${slowBanksTable(troubled)}`;
  const body =
    down.length === 0
      ? html`<p>Every bank answered its last status probe.</p>`
      : html`<table class="banks-down"><thead><tr><th scope="col">Bank</th><th scope="col">Payments (PIS)</th><th scope="col">Accounts (AIS)</th><th scope="col">For</th></tr></thead><tbody>${down.map(
          (bank) =>
            html`<tr><td>${bank.bankId}</td><td>${bank.pisStatus}</td><td>${bank.aisStatus}</td><td>${Math.round(Number(bank.lastUpdatedAt) / 1000)} s</td></tr>`,
        )}</tbody></table>`;
  return html`<section aria-labelledby="banks-heading"><h2 id="banks-heading">Banks down or slow</h2>${body}${slow}</section>`;
}
