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

/**
 * What a browser does on the sandbox bank's consent page: loads it, fills in the username,
 * presses the button with `decision` and, not following the redirect, answers where the bank
 * sends the user (the gateway's bank callback).
 */
export async function decideOnConsentPage(
  pageUrl: string,
  username: string,
  decision: 'approve' | 'deny',
): Promise<URL> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${html.slice(0, 500)}`);
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) throw new Error(`no form on the consent page: ${html.slice(0, 500)}`);
  const open = /<form\b[^>]*>/i.exec(form[0])?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of (form[1] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (name !== undefined) fields[name] = attribute(tag, 'value') ?? '';
  }
  if (!('username' in fields)) throw new Error('the consent page has no username field');
  const action = new URL(attribute(open, 'action') ?? page.url, page.url);
  const answer = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, username, decision }),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null)
    throw new Error(`the consent form answered ${answer.status}: ${(await answer.text()).slice(0, 500)}`);
  return new URL(location);
}
