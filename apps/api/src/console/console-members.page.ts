import type { AppConfig } from '#libs/common';
import { html, NO_HTML, type SafeHtml } from '#libs/common';
import type { ApiKeyResource, MemberKeyDetail, MemberResource, SubTppResource } from '#libs/application';
import { KEY_ALGORITHMS } from '#libs/domain';
import { PUBLIC_KEY_MAX_LENGTH } from '../keys/member-key.dto.js';
import { csrfField } from './console-page.js';

const NONE = '—';

/** A member's console page. */
export function memberPath(memberId: string): string {
  return `/console/members/${encodeURIComponent(memberId)}`;
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

function checked(value: boolean): SafeHtml {
  return value ? html` checked` : NO_HTML;
}

export function membersTable(members: readonly MemberResource[], nextOffset: string | undefined): SafeHtml {
  const next =
    nextOffset === undefined
      ? NO_HTML
      : html`<p><a href="/console/members?offset=${encodeURIComponent(nextOffset)}">Next page</a></p>`;
  if (members.length === 0) return html`<h2>Members</h2><p>No member on this page.</p>${next}`;
  return html`<h2>Members</h2><table class="members"><thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Regulated</th><th scope="col">Reseller</th><th scope="col">Created</th></tr></thead><tbody>${members.map(
    (member) =>
      html`<tr><td><a href="${memberPath(member.id)}">${member.id}</a></td><td>${member.name}</td><td>${member.status}</td><td>${yesNo(member.regulated)}</td><td>${yesNo(member.reseller)}</td><td>${member.createdDateTime}</td></tr>`,
  )}</tbody></table>${next}`;
}

export function createMemberForm(csrfToken: string): SafeHtml {
  return html`<h2>Create a member</h2><form method="post" action="/console/members">${csrfField(csrfToken)}
<label for="member-name">Name</label>
<input id="member-name" name="name" type="text" maxlength="200" required>
<div class="check"><input id="member-regulated" name="regulated" type="checkbox" value="on" checked><label for="member-regulated">Regulated</label></div>
<div class="check"><input id="member-reseller" name="reseller" type="checkbox" value="on"><label for="member-reseller">Reseller</label></div>
<button type="submit">Create member</button>
</form>`;
}

/** A key shown in this answer only (never stored, never in a URL): `what` was done, `which` names the key. */
export function shownOnce(what: string, which: string, key: string): SafeHtml {
  return html`<div class="once" role="status"><p class="notice">${what} ${which} is shown this once: copy it now, the gateway keeps only its hash.</p><p><label for="shown-key">API key</label><input id="shown-key" type="text" value="${key}" readonly></p></div>`;
}

export function memberFieldsTable(member: MemberResource): SafeHtml {
  const rows: readonly (readonly [string, string])[] = [
    ['Name', member.name],
    ['Status', member.status],
    ['Regulated', yesNo(member.regulated)],
    ['Reseller', yesNo(member.reseller)],
    ['Redeems tokens as authorised', yesNo(member.autoRedeem)],
    ['Created', member.createdDateTime],
  ];
  return html`<h2>Fields</h2><table><tbody><tr><th scope="row">Id</th><td><code>${member.id}</code></td></tr>${rows.map(
    ([name, value]) => html`<tr><th scope="row">${name}</th><td>${value}</td></tr>`,
  )}</tbody></table>`;
}

export function memberFlagsForm(member: MemberResource, csrfToken: string): SafeHtml {
  const suspend = member.status === 'ACTIVE';
  return html`<h2>Flags and status</h2><form method="post" action="${memberPath(member.id)}/flags">${csrfField(csrfToken)}
<div class="check"><input id="flag-regulated" name="regulated" type="checkbox" value="on"${checked(member.regulated)}><label for="flag-regulated">Regulated</label></div>
<div class="check"><input id="flag-reseller" name="reseller" type="checkbox" value="on"${checked(member.reseller)}><label for="flag-reseller">Reseller</label></div>
<button type="submit">Save flags</button>
</form>
<form method="post" action="${memberPath(member.id)}/status">${csrfField(csrfToken)}<input type="hidden" name="status" value="${suspend ? 'SUSPENDED' : 'ACTIVE'}">
<button type="submit" class="secondary">${suspend ? 'Suspend member' : 'Activate member'}</button>
</form>${suspend ? NO_HTML : html`<p>A suspended member gets 403 on every call.</p>`}`;
}

export function apiKeysTable(memberId: string, keys: readonly ApiKeyResource[], csrfToken: string): SafeHtml {
  const rows =
    keys.length === 0
      ? html`<p>No API key.</p>`
      : html`<table class="api-keys"><thead><tr><th scope="col">Id</th><th scope="col">Label</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Revoked</th><th scope="col">Action</th></tr></thead><tbody>${keys.map(
          (key) =>
            html`<tr><td><code>${key.id}</code></td><td>${key.label ?? NONE}</td><td>${key.createdDateTime}</td><td>${key.lastUsedDateTime ?? NONE}</td><td>${key.revokedDateTime ?? NONE}</td><td>${key.revokedDateTime === undefined ? html`<form method="post" action="${memberPath(memberId)}/api-keys/${encodeURIComponent(key.id)}/revoke">${csrfField(csrfToken)}<button type="submit" class="secondary" aria-label="Revoke key ${key.id}">Revoke</button></form>` : NO_HTML}</td></tr>`,
        )}</tbody></table>`;
  return html`<h2>API keys</h2>${rows}<form method="post" action="${memberPath(memberId)}/api-keys">${csrfField(csrfToken)}
<label for="key-label">Label (optional)</label>
<input id="key-label" name="label" type="text" maxlength="100">
<button type="submit">Issue an API key</button>
</form>`;
}

/** The form that registers a public key for the member's signed requests. */
function registerKeyForm(memberId: string, csrfToken: string): SafeHtml {
  return html`<form method="post" action="${memberPath(memberId)}/keys" class="fieldset">
${csrfField(csrfToken)}<label for="key-algorithm">Algorithm</label>
<select id="key-algorithm" name="keyAlgorithm">${KEY_ALGORITHMS.map((algorithm) => html`<option value="${algorithm}">${algorithm}</option>`)}</select>
<label for="public-key">Public key (PEM or base64url)</label>
<textarea id="public-key" name="publicKey" rows="4" cols="64" maxlength="${PUBLIC_KEY_MAX_LENGTH}" required></textarea>
<label for="key-expires">Expires (milliseconds since the epoch, optional)</label>
<input id="key-expires" name="expiresAtMs" type="text" inputmode="numeric" maxlength="13">
<button type="submit">Register the key</button>
</form>`;
}

export function memberKeysTable(memberId: string, keys: readonly MemberKeyDetail[], csrfToken: string): SafeHtml {
  const form = registerKeyForm(memberId, csrfToken);
  if (keys.length === 0)
    return html`<h2>Member keys</h2><p>No public key is registered (the member registers them for signed requests).</p>${form}`;
  return html`<h2>Member keys</h2><table class="member-keys"><thead><tr><th scope="col">Id</th><th scope="col">Algorithm</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Action</th></tr></thead><tbody>${keys.map(
    (key) =>
      html`<tr><td><code>${key.id}</code></td><td>${key.keyAlgorithm}</td><td>${key.createdDateTime}</td><td>${key.expiresDateTime ?? NONE}</td><td><form method="post" action="${memberPath(memberId)}/keys/${encodeURIComponent(key.id)}/revoke">${csrfField(csrfToken)}<button type="submit" class="secondary" aria-label="Revoke key ${key.id}">Revoke</button></form></td></tr>`,
  )}</tbody></table>${form}`;
}

/** The rate limits are the gateway's (the same for every member), read from its configuration. */
export function rateLimitsTable(limits: AppConfig['rateLimits']): SafeHtml {
  const rows: readonly (readonly [string, number, string])[] = [
    ['Reading calls', limits.readPerMinute, 'RATE_LIMIT_READ_PER_MINUTE'],
    ['Writing calls', limits.writePerMinute, 'RATE_LIMIT_WRITE_PER_MINUTE'],
    ['Failed authentications, per credential', limits.authFailuresPerMinute, 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE'],
  ];
  return html`<h2>Rate limits</h2><p>The gateway's limits apply to every member alike.</p><table class="rate-limits"><thead><tr><th scope="col">Calls</th><th scope="col">Per minute</th><th scope="col">Setting</th></tr></thead><tbody>${rows.map(
    ([name, perMinute, setting]) =>
      html`<tr><th scope="row">${name}</th><td>${perMinute}</td><td><code>${setting}</code></td></tr>`,
  )}</tbody></table>`;
}

export function subTppsTable(member: MemberResource, subTpps: readonly SubTppResource[], more: boolean): SafeHtml {
  if (!member.reseller) return html`<h2>Sub-TPPs</h2><p>Only a reseller has sub-TPPs.</p>`;
  if (subTpps.length === 0) return html`<h2>Sub-TPPs</h2><p>No sub-TPP.</p>`;
  return html`<h2>Sub-TPPs</h2><table class="sub-tpps"><thead><tr><th scope="col">Id</th><th scope="col">Name</th><th scope="col">Domain</th><th scope="col">Status</th><th scope="col">Parent</th><th scope="col">Created</th></tr></thead><tbody>${subTpps.map(
    (subTpp) =>
      html`<tr><td><code>${subTpp.id}</code></td><td>${subTpp.name}</td><td>${subTpp.domain}</td><td>${subTpp.status}</td><td>${subTpp.parentSubTppId ?? NONE}</td><td>${subTpp.createdAt}</td></tr>`,
  )}</tbody></table>${more ? html`<p>Only the newest ${subTpps.length} are shown.</p>` : NO_HTML}`;
}
