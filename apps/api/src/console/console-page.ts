import type { FastifyReply } from 'fastify';
import { html, NO_HTML, type SafeHtml } from '#libs/common';

/** No script, no inline style, nothing from another origin; forms post only to the console. */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function consoleHeaders(contentType: string): Readonly<Record<string, string>> {
  return {
    'content-type': contentType,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': CONSOLE_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The sections every signed-in page links to. */
const SECTIONS: readonly (readonly [string, string])[] = [
  ['/console', 'Find'],
  ['/console/overview', 'Overview'],
  ['/console/action-needed', 'Action needed'],
  ['/console/members', 'Members'],
  ['/console/sandbox', 'Sandbox'],
];

/** A signed-in page's header: the sections, and the sign-out form (with its CSRF token). */
export function consoleHeader(csrfToken: string): SafeHtml {
  return html`<header><nav aria-label="Console"><ul>${SECTIONS.map(
    ([href, label]) => html`<li><a href="${href}">${label}</a></li>`,
  )}</ul></nav>
<form method="post" action="/console/sign-out"><input type="hidden" name="csrf" value="${csrfToken}"><button type="submit">Sign out</button></form></header>`;
}

/** The hidden field every action's form carries. */
export function csrfField(csrfToken: string): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${csrfToken}">`;
}

/** What an action did, shown on the page it comes back to (`?done=` names one of these, never free text). */
export const NOTICES = {
  replayed: 'The delivery is queued again.',
  'replayed-many': 'The deliveries are queued again.',
  resolved: 'The outcome check is resolved and the reason recorded.',
  matched: 'The credit is matched.',
  'member-created': 'The member is created.',
  'member-updated': 'The member is updated.',
  'key-revoked': 'The key is revoked.',
  'key-registered': 'The public key is registered.',
  'key-issued': 'A new API key is issued.',
  'clock-advanced': 'The sandbox clock moved forward.',
  'faults-set': "The sandbox bank's faults are set.",
} as const;

export type Notice = keyof typeof NOTICES;

/** The notice a `done` query value names, as a status message (nothing for any other value). */
export function noticeOf(done: unknown): SafeHtml {
  if (typeof done !== 'string' || !Object.hasOwn(NOTICES, done)) return NO_HTML;
  return html`<p class="notice" role="status">${NOTICES[done as Notice]}</p>`;
}

/** Sends a console page: the stylesheet linked from 'self', the header, one heading, the body. */
export async function sendConsolePage(
  reply: FastifyReply,
  status: number,
  title: string,
  body: SafeHtml,
  top: SafeHtml = NO_HTML,
): Promise<void> {
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Operations console</title><link rel="stylesheet" href="/console/console.css"></head>
<body>
${top}
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
  await reply.status(status).headers(consoleHeaders('text/html; charset=utf-8')).send(page.value);
}
