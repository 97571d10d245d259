import { createHash } from 'node:crypto';
import { NO_HTML, SafeHtml, html, renderHtmlPage } from '#libs/common';

/** The one stylesheet of the hosted pages: constant, so the policy below can name its hash. */
const STYLE = `
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1d2733; line-height: 1.4; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; } dt { font-weight: 600; } dd { margin: 0; overflow-wrap: anywhere; }
ul.banks { list-style: none; padding: 0; } ul.banks li { margin: .4rem 0; }
ul.banks button { width: 100%; text-align: left; padding: .7rem 1rem; font-size: 1rem; cursor: pointer; display: flex; align-items: center; gap: .8rem; }
.bank-logo { width: 2.5rem; height: 2.5rem; flex: none; border-radius: .5rem; }
.chosen-bank { display: flex; align-items: center; gap: .5rem; } .chosen-bank .bank-logo { width: 1.5rem; height: 1.5rem; border-radius: .3rem; }
.bank-detail { display: block; color: #5b6673; font-size: .85rem; }
form.filter { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; } form.filter label { display: block; font-size: .9rem; }
label { display: block; margin: 1rem 0 .3rem; } input[type=text], input[type=password] { width: 100%; padding: .4rem; box-sizing: border-box; }
fieldset { margin: 1rem 0; } fieldset label { display: inline; margin: 0 0 0 .3rem; }
.actions { margin-top: 1rem; display: flex; gap: .5rem; align-items: center; } button { padding: .5rem 1.2rem; }
.error { color: #a3161b; } .hint { color: #5b6673; font-size: .9rem; }`;

const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');

/**
 * No scripts, no plugins, no frames: only the stylesheet above (by hash), the banks' logos (from
 * the origins that serve them) and, where a bank sends a challenge picture, inline `data:`
 * images. `form-action` is left out on purpose: browsers apply it to the redirect after a form
 * post too, and the bank a user is sent to (or the TPP they return to) is only known once they
 * have chosen.
 */
function contentSecurityPolicy(imageSources: readonly string[]): string {
  return [
    "default-src 'none'",
    `style-src 'sha256-${STYLE_HASH}'`,
    ...(imageSources.length > 0 ? [`img-src ${imageSources.join(' ')}`] : []),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** What images a page shows: inline `data:` pictures and/or logos from http(s) URLs. */
export interface PageImages {
  readonly images?: boolean;
  /** Logo URLs on the page; their origins (and only those) may serve images. */
  readonly logoUris?: readonly string[];
}

function imageSourcesOf(options: PageImages): string[] {
  const origins = new Set<string>();
  for (const uri of options.logoUris ?? []) {
    const url = URL.parse(uri);
    if (url !== null && (url.protocol === 'https:' || url.protocol === 'http:')) origins.add(url.origin);
  }
  return [...(options.images === true ? ['data:'] : []), ...[...origins].sort()];
}

/** Headers of every hosted page: never cached, no referrer (the URL holds the payment's token), no framing. */
export function pageHeaders(options: PageImages = {}): Readonly<Record<string, string>> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': contentSecurityPolicy(imageSourcesOf(options)),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

export interface PageOptions {
  /** Reload this (same-origin) path after the given seconds, for steps that wait on the bank. */
  readonly refresh?: { readonly seconds: number; readonly path: string };
}

/** A complete, script-free HTML page. */
export function renderPage(title: string, body: SafeHtml, options: PageOptions = {}): string {
  const refresh =
    options.refresh === undefined
      ? NO_HTML
      : html`<meta http-equiv="refresh" content="${`${options.refresh.seconds}; url=${options.refresh.path}`}">`;
  return renderHtmlPage({ title, style: new SafeHtml(STYLE), head: refresh, body });
}
