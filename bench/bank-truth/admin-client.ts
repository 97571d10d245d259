import { ADMIN_TOKEN } from './processes.js';

type Json = Record<string, unknown>;

/** A call to the admin API or the sandbox bank's admin routes; throws on anything but a 2xx. */
export async function adminCall(url: string, method: string, body?: unknown): Promise<Json> {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text === '' ? {} : (JSON.parse(text) as Json);
}
