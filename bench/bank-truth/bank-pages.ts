/** What a user's browser does at the bank: the consent (UK) or SCA (Berlin Group) page, as a plain form. */

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Loads the page, types the username, presses approve, and answers where the bank sends the browser. */
export async function approveAtBank(pageUrl: string, username: string): Promise<string> {
  const page = await fetch(pageUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the bank page answered ${page.status}`);
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) throw new Error('no form on the bank page');
  const open = /<form\b[^>]*>/i.exec(form[0])?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const [tag] of (form[1] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = attribute(tag, 'name');
    if (name !== undefined) fields[name] = attribute(tag, 'value') ?? '';
  }
  const answer = await fetch(new URL(attribute(open, 'action') ?? page.url, page.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, username, decision: 'approve' }),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (location === null) throw new Error(`the bank page's approval answered ${answer.status} without a redirect`);
  return new URL(location, page.url).toString();
}
