import { expect } from 'vitest';

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : unescape(match[1]);
}

export interface ParsedForm {
  readonly action: string;
  readonly method: string;
  /** Named inputs with their current values (hidden fields included). */
  readonly fields: Readonly<Record<string, string>>;
  /** The submit buttons: name and value. */
  readonly buttons: ReadonlyArray<{ readonly name: string; readonly value: string }>;
}

/** The first form of a page, read the way a browser would submit it. */
export function parseForm(html: string, pageUrl: string): ParsedForm {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) throw new Error(`no form on the page:\n${html.slice(0, 2000)}`);
  const open = /<form\b[^>]*>/i.exec(form[0])?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of (form[1] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (name !== undefined) fields[name] = attribute(tag, 'value') ?? '';
  }
  const buttons = [...(form[1] ?? '').matchAll(/<button\b[^>]*>/gi)].map(([tag]) => ({
    name: attribute(tag, 'name') ?? '',
    value: attribute(tag, 'value') ?? '',
  }));
  return {
    action: new URL(attribute(open, 'action') ?? pageUrl, pageUrl).toString(),
    method: (attribute(open, 'method') ?? 'get').toLowerCase(),
    fields,
    buttons,
  };
}

/**
 * What a browser does on the bank's consent page: load it, fill in the username, press the
 * approve or deny button, and (not following the redirect) read where the bank sends the user.
 */
export async function decideOnConsentPage(
  authorizeUrl: string,
  username: string,
  decision: 'approve' | 'deny',
): Promise<URL> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(page.headers.get('content-type')).toContain('text/html');
  const form = parseForm(html, page.url);
  expect(form.method).toBe('post');
  expect(form.buttons).toEqual(
    expect.arrayContaining([
      { name: 'decision', value: 'approve' },
      { name: 'decision', value: 'deny' },
    ]),
  );
  expect(Object.keys(form.fields)).toContain('username');
  const body = new URLSearchParams({ ...form.fields, username, decision });
  const answer = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    redirect: 'manual',
  });
  expect(answer.status, await answer.clone().text()).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}
