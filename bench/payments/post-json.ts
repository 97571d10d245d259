export const JSON_CONTENT = { 'content-type': 'application/json' };

export interface PostAnswer {
  readonly status: number;
  readonly body: { payment?: { id?: string; status?: string } };
}

/** One JSON POST outside the load (setup and sanity checks). */
export async function postJson(url: string, body: string, headers: Record<string, string>): Promise<PostAnswer> {
  const answer = await fetch(url, { method: 'POST', headers: { ...headers, ...JSON_CONTENT }, body });
  return {
    status: answer.status,
    body: (await answer.json().catch(() => ({}))) as { payment?: { id?: string; status?: string } },
  };
}
