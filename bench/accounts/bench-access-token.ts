/** An account-information token of the bench member: what a TPP and its user do, over HTTP. */

const unescape = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) =>
    entity === '&amp;' ? '&' : entity === '&lt;' ? '<' : entity === '&gt;' ? '>' : entity === '&quot;' ? '"' : "'",
  );

/** The consent page's form as the browser posts it: its action and its named inputs. */
function consentForm(html: string, pageUrl: string): { action: string; fields: Record<string, string> } {
  const form = /<form\b([^>]*)>([\s\S]*?)<\/form>/i.exec(html);
  if (form === null) throw new Error('the bank answered no consent form');
  const value = (tag: string, name: string): string | undefined => {
    const found = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    return found === undefined ? undefined : unescape(found);
  };
  const fields: Record<string, string> = {};
  for (const [tag] of (form[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
    const name = value(tag, 'name');
    if (name !== undefined) fields[name] = value(tag, 'value') ?? '';
  }
  return { action: new URL(value(form[1] ?? '', 'action') ?? pageUrl, pageUrl).toString(), fields };
}

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A token request for every resource at `bankId`, approved by `username` at the bank's page. */
export async function benchAccessToken(
  apiUrl: string,
  auth: Record<string, string>,
  bankId: string,
  username: string,
): Promise<string> {
  const headers = { ...auth, 'content-type': 'application/json' };
  const created = await json(
    await fetch(`${apiUrl}/token-requests`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        requestPayload: {
          refId: `ais-${Date.now() % 1e9}`,
          to: { id: 'm:bench' },
          redirectUrl: 'https://tpp.example/accounts/done',
          accessBody: { resourceTypeList: { resources: ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS', 'STANDING_ORDERS'] } },
        },
      }),
    }),
    'POST /token-requests',
  );
  const requestId = (created['tokenRequest'] as { id: string }).id;
  const authorized = await json(
    await fetch(`${apiUrl}/token-requests/${encodeURIComponent(requestId)}/authorization`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ bankId }),
    }),
    'POST /token-requests/{id}/authorization',
  );
  const page = await fetch(authorized['redirectUrl'] as string);
  const form = consentForm(await page.text(), page.url);
  const decided = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, username, decision: 'approve' }),
    redirect: 'manual',
  });
  const callback = await fetch(decided.headers.get('location') ?? '', { redirect: 'manual' });
  const tokenId = new URL(callback.headers.get('location') ?? 'http://x/').searchParams.get('tokenId');
  if (tokenId === null) throw new Error(`the consent gave no token (${callback.status})`);
  return tokenId;
}
