import { SafeHtml, html } from './html.js';

/** Constant markup (no outside input), so it is safe as is. */
const STYLE = new SafeHtml(`
body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; padding: 0 1rem; color: #1d2733; }
h1 { font-size: 1.4rem; } dl { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dt { font-weight: 600; } label { display: block; margin: 1rem 0 .3rem; } input[type=text] { width: 100%; padding: .4rem; }
.actions { margin-top: 1rem; display: flex; gap: .5rem; } button { padding: .5rem 1.2rem; }
.error { color: #a3161b; } .hint { color: #5b6673; font-size: .9rem; }`);

/** A complete, script-free HTML page. */
export function renderPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${STYLE}</style></head>
<body>
<h1>${title}</h1>
${body}
</body>
</html>
`.value;
}
