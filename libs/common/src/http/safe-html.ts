import escape from 'escape-html';

/** Escapes text for HTML (entities from escape-html), for text and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return escape(text);
}

/** Markup that is already safe (built by `html`); never construct it from outside input. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

type Interpolation = string | number | SafeHtml | readonly SafeHtml[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number') return escapeHtml(value.toString());
  return value.map((item) => item.value).join('');
}

/**
 * A template tag for server-rendered pages: every interpolated string is escaped (text and quoted
 * attribute values alike); nested `html` fragments are kept as they are.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Nothing, where a fragment is optional. */
export const NO_HTML = new SafeHtml('');

export interface HtmlPage {
  /** Both the document title and the page's one heading. */
  readonly title: string;
  /** The page's only stylesheet, inlined. */
  readonly style: SafeHtml;
  /** Extra `<head>` elements (a refresh, say), after the viewport. */
  readonly head?: SafeHtml;
  readonly body: SafeHtml;
}

/** A complete, script-free HTML document. */
export function renderHtmlPage(page: HtmlPage): string {
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${page.head ?? NO_HTML}
<title>${page.title}</title><style>${page.style}</style></head>
<body>
<h1>${page.title}</h1>
${page.body}
</body>
</html>
`.value;
}
