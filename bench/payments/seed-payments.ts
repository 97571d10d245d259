import { postJson } from './post-json.js';
import { GET_IDS, bodyWithRef } from './settings.js';

/** GET_IDS payments (or baseline rows) created 25 at a time, for the GET runs to rotate through; their ids. */
export async function seedPayments(url: string, headers: Record<string, string>, label: string): Promise<string[]> {
  const ids: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 25 }, async () => {
      while (next < GET_IDS) {
        const n = (next += 1);
        const answer = await postJson(url, bodyWithRef(`${label}-${n}`), headers);
        if (answer.status !== 200 || answer.body.payment?.id === undefined)
          throw new Error(`creating payment ${n} at ${url} answered ${answer.status}`);
        ids.push(answer.body.payment.id);
      }
    }),
  );
  return ids;
}
