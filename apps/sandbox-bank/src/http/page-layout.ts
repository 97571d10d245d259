import { SafeHtml, html, renderHtmlPage } from '#libs/common';

/** Constant markup (no outside input), so it is safe as is. */
const STYLE = new SafeHtml(`
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1d2733; }
h1 { font-size: 1.4rem; } dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dt { font-weight: 600; } label { display: block; margin: 1rem 0 .3rem; } input[type=text] { width: 100%; padding: .4rem; }
.actions { margin-top: 1rem; display: flex; gap: .5rem; } button { padding: .5rem 1.2rem; }
.error { color: #a3161b; } .hint { color: #5b6673; font-size: .9rem; }
.bank { display: flex; align-items: center; gap: .75rem; font-weight: 600; font-size: 1.1rem; margin-top: 1rem; }
.bank img { width: 3rem; height: 3rem; border-radius: .6rem; }
.lead { font-size: 1.05rem; } dd { margin: 0; }`);

/** Headers of the bank's pages: never cached, no referrer, no framing, inline styles, images (its logo) from itself. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'",
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

/** A complete, script-free HTML page. */
export function renderPage(title: string, body: SafeHtml): string {
  return renderHtmlPage({ title, style: STYLE, body });
}

/** The bank's logo and name, at the top of its pages. */
export function bankHeader(bank: { readonly id: string; readonly name: string }): SafeHtml {
  return html`<div class="bank"><img src="${`/banks/${encodeURIComponent(bank.id)}/logo.svg`}" alt="" width="48" height="48"><span>${bank.name}</span></div>`;
}
