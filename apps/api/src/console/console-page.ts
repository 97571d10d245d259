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

/** A signed-in page's header: where to search, and the sign-out form (with its CSRF token). */
export function consoleHeader(csrfToken: string): SafeHtml {
  return html`<header><a href="/console">Console</a>
<form method="post" action="/console/sign-out"><input type="hidden" name="csrf" value="${csrfToken}"><button type="submit">Sign out</button></form></header>`;
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
