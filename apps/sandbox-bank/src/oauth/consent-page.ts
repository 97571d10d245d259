import { NO_HTML, html } from '#libs/common';
import { SCENARIO_USERS } from '../banks/scenario-users.js';
import { bankHeader, renderPage } from '../http/page-layout.js';

export interface ConsentPageModel {
  readonly bank: { readonly id: string; readonly name: string };
  /** The TPP registered with the bank (`client_id`). */
  readonly clientId: string;
  /** The merchant the TPP asks for (the request object's `requesting_party.name`), when named. */
  readonly requestingPartyName?: string;
  readonly summary: ReadonlyArray<readonly [string, string]>;
  readonly action: string;
  readonly session: string;
  readonly username?: string;
  readonly error?: string;
}

/**
 * The bank's login and consent page: who asks (the merchant, and the provider registered with
 * the bank that asks for it), what is asked, then one form with a username field and two submit
 * buttons named `decision` (approve / deny). Works without JavaScript; everything shown is escaped.
 */
export function renderConsentPage(model: ConsentPageModel): string {
  const rows = model.summary.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`);
  const users = Object.entries(SCENARIO_USERS).map(
    ([name, user]) => html`<li><code>${name}</code>: ${user.description}</li>`,
  );
  const asker =
    model.requestingPartyName === undefined
      ? html`<p class="lead"><strong>${model.clientId}</strong> asks for your authorisation.</p>`
      : html`<p class="lead"><strong class="requester">${model.requestingPartyName}</strong> asks for your authorisation.</p>
<p class="hint">Requested through ${model.clientId}, the payment provider registered with ${model.bank.name}.</p>`;
  const requester =
    model.requestingPartyName === undefined
      ? NO_HTML
      : html`<input type="hidden" name="requester" value="${model.requestingPartyName}">`;
  const body = html`${bankHeader(model.bank)}
${asker}
<dl class="summary">${rows}</dl>
${model.error === undefined ? html`` : html`<p class="error" role="alert">${model.error}</p>`}
<form method="post" action="${model.action}">
  <input type="hidden" name="session" value="${model.session}">${requester}
  <label for="username">Username</label>
  <input type="text" id="username" name="username" autocomplete="username" value="${model.username ?? ''}" autofocus>
  <div class="actions">
    <button type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
  </div>
</form>
<details class="hint"><summary>Sandbox users</summary><ul>${users}</ul></details>`;
  return renderPage(`${model.bank.name}: log in and authorise`, body);
}
