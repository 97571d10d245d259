import { ADMIN } from './settings.js';

/** A member and its Basic API key, through the admin API: the headers the load authenticates with. */
export async function createBenchMember(adminPort: number): Promise<Record<string, string>> {
  const created = await fetch(`http://127.0.0.1:${adminPort}/admin/members`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench TPP' }),
  });
  if (created.status !== 200)
    throw new Error(`creating the member answered ${created.status}: ${await created.text()}`);
  const { apiKey } = (await created.json()) as { apiKey: string };
  return { authorization: `Basic ${apiKey}` };
}
