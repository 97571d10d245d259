import escape from 'escape-html';

/** Markup that is already safe (built by `html`); never construct it from outside input. */
export class SafeHtml {
  constructor(readonly value: string) {}
}

type Interpolation = string | number | SafeHtml | readonly SafeHtml[];

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value;
  if (typeof value === 'string') return escape(value);
  if (typeof value === 'number') return escape(value.toString());
  return value.map((item) => item.value).join('');
}

/**
 * A template tag for the hosted pages: every interpolated string is escaped (text and quoted
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
