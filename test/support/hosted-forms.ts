import { expect } from 'vitest';

/** A hosted page as a browser without JavaScript gets it (redirects not followed). */
export interface HostedPage {
  readonly status: number;
  readonly html: string;
  readonly headers: Headers;
  readonly location: string | null;
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Text of an HTML attribute or element, its entities decoded. */
export const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** A browser's GET or form POST (urlencoded), without following redirects. */
export async function browse(url: string, form?: Record<string, string>): Promise<HostedPage> {
  const response = await fetch(url, {
    method: form === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    ...(form === undefined
      ? {}
      : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) }),
  });
  return {
    status: response.status,
    html: await response.text(),
    headers: response.headers,
    location: response.headers.get('location'),
  };
}

/** The page's headers: HTML, never cached, no referrer, no scripts allowed or present. */
export function expectHostedPageHeaders(page: HostedPage): void {
  expect(page.headers.get('content-type')).toContain('text/html');
  expect(page.headers.get('cache-control')).toBe('no-store');
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  const policy = page.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("default-src 'none'");
  expect(policy).not.toMatch(/script-src|unsafe-inline/);
  expect(page.html).not.toMatch(/<script/i);
}

/** The embedded form of a page: its action, text inputs, password inputs and radio groups (name -> values). */
export interface EmbeddedForm {
  readonly action: string;
  readonly texts: readonly string[];
  readonly passwords: readonly string[];
  readonly choices: Readonly<Record<string, readonly string[]>>;
}

export function embeddedFormOf(html: string): EmbeddedForm {
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(html);
  expect(form, html).not.toBeNull();
  const body = form?.[2] ?? '';
  const inputs = (type: string): string[] =>
    [...body.matchAll(new RegExp(`<input type="${type}" id="[^"]*" name="([^"]*)"`, 'g'))].map((match) =>
      unescapeHtml(match[1] ?? ''),
    );
  const choices: Record<string, string[]> = {};
  for (const match of body.matchAll(/<input type="radio" id="[^"]*" name="([^"]*)" value="([^"]*)"/g)) {
    const name = unescapeHtml(match[1] ?? '');
    choices[name] = [...(choices[name] ?? []), unescapeHtml(match[2] ?? '')];
  }
  return { action: unescapeHtml(form?.[1] ?? ''), texts: inputs('text'), passwords: inputs('password'), choices };
}
