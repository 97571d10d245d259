import { html } from '#libs/common';
import { SCENARIO_USERS } from '../banks/scenario-users.js';
import { renderPage } from '../http/page-layout.js';

export interface ConsentPageModel {
  readonly bankName: string;
  readonly clientId: string;
  readonly summary: ReadonlyArray<readonly [string, string]>;
  readonly action: string;
  readonly session: string;
  readonly username?: string;
  readonly error?: string;
}

/**
 * The bank's login and consent page: one form, a username field and two submit buttons named
 * `decision` (approve / deny). Works without JavaScript; everything shown is escaped.
 */
export function renderConsentPage(model: ConsentPageModel): string {
  const rows = model.summary.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`);
  const users = Object.entries(SCENARIO_USERS).map(
    ([name, user]) => html`<li><code>${name}</code>: ${user.description}</li>`,
  );
  const body = html`
<p><strong>${model.clientId}</strong> asks for your authorisation.</p>
<dl>${rows}</dl>
${model.error === undefined ? html`` : html`<p class="error" role="alert">${model.error}</p>`}
<form method="post" action="${model.action}">
  <input type="hidden" name="session" value="${model.session}">
  <label for="username">Username</label>
  <input type="text" id="username" name="username" autocomplete="username" value="${model.username ?? ''}" autofocus>
  <div class="actions">
    <button type="submit" name="decision" value="approve">Approve</button>
    <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
  </div>
</form>
<details class="hint"><summary>Sandbox users</summary><ul>${users}</ul></details>`;
  return renderPage(`${model.bankName}: log in and authorise`, body);
}
