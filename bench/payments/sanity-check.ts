import { postJson } from './post-json.js';
import { bodyWithRef } from './settings.js';

/** Before load: the figures must measure successes, so each route answers one request first. */
export async function checkSanity(
  apiUrl: string,
  baselineUrl: string,
  auth: Record<string, string>,
  log: (line?: string) => void,
): Promise<void> {
  const first = await postJson(`${apiUrl}/v2/payments`, bodyWithRef('bench-sanity'), auth);
  if (
    first.status !== 200 ||
    first.body.payment?.status !== 'INITIATION_PENDING_REDIRECT_AUTH' ||
    first.body.payment.id === undefined
  ) {
    throw new Error(`sanity: POST /v2/payments answered ${first.status} ${JSON.stringify(first.body)}`);
  }
  const read = await fetch(`${apiUrl}/v2/payments/${encodeURIComponent(first.body.payment.id)}`, { headers: auth });
  if (read.status !== 200)
    throw new Error(`sanity: GET /v2/payments/{id} answered ${read.status}: ${await read.text()}`);
  const repeat = await postJson(`${apiUrl}/v2/payments`, bodyWithRef('bench-sanity'), auth);
  const baselineFirst = await postJson(`${baselineUrl}/baseline/payments`, bodyWithRef('bench-sanity'), {});
  if (baselineFirst.status !== 200) throw new Error(`sanity: baseline POST answered ${baselineFirst.status}`);
  log(
    `sanity: POST /v2/payments 200 ${first.body.payment.status}; GET /v2/payments/{id} 200; a second POST with the same refId answered ${repeat.status}${repeat.status === 200 ? ' (refId need not be unique; the load varies it anyway)' : ''}`,
  );
}
