import escape from 'escape-html';

/** HTML building with escaping by default (escape-html for the entities). */
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

/** A template tag: every interpolated string is escaped; nested `html` fragments are kept. */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}
