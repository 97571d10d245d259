import { JSON_CONTENT } from '../payments/post-json.js';
import { BANK_ID } from '../payments/settings.js';
import { decideOnConsentPage } from './consent-page.js';
import { CREDITOR } from './vrp-body.js';

/**
 * Limits no run reaches: a VRP of VRP_AMOUNT is never refused for them (one consent takes every
 * VRP of a run, a few tens of thousands at most), so every answer measures a payment made.
 */
const LIMITS = {
  maximumIndividualAmount: '1000.00',
  periodicLimits: [{ maximumAmount: '1000000.00', periodType: 'YEAR', periodAlignment: 'CONSENT' }],
} as const;

/**
 * A sweeping VRP consent at the sandbox bank, created through POST /vrp-consents and authorised
 * as a browser would: `payer` approves it on the bank's consent page, then the bank's redirect to
 * the gateway's callback is followed (303) and the consent is AUTHORIZED; its id.
 */
export async function authorisedVrpConsent(
  apiUrl: string,
  auth: Record<string, string>,
  refId: string,
  payer: string,
): Promise<string> {
  const created = await fetch(`${apiUrl}/vrp-consents`, {
    method: 'POST',
    headers: { ...auth, ...JSON_CONTENT },
    body: JSON.stringify({
      initiation: {
        bankId: BANK_ID,
        refId,
        remittanceInformationPrimary: 'Sweep to savings',
        scheme: 'OBL_SWEEPING',
        localInstrument: 'FASTER_PAYMENTS',
        creditor: CREDITOR,
        currency: 'GBP',
        ...LIMITS,
        callbackUrl: 'https://tpp.example/vrp/callback',
        callbackState: 'bench-state',
      },
    }),
  });
  const body = (await created.json()) as { vrpConsent?: { id?: string; authentication?: { redirectUrl?: string } } };
  const id = body.vrpConsent?.id;
  const pageUrl = body.vrpConsent?.authentication?.redirectUrl;
  if (created.status !== 200 || id === undefined || pageUrl === undefined)
    throw new Error(`POST /vrp-consents answered ${created.status} ${JSON.stringify(body)}`);
  const callback = await decideOnConsentPage(pageUrl, payer, 'approve');
  const landed = await fetch(callback, { redirect: 'manual' });
  if (landed.status !== 303) throw new Error(`the gateway's bank callback answered ${landed.status}`);
  const read = await fetch(`${apiUrl}/vrp-consents/${encodeURIComponent(id)}`, { headers: auth });
  const status = ((await read.json()) as { vrpConsent?: { status?: string } }).vrpConsent?.status;
  if (status !== 'AUTHORIZED') throw new Error(`VRP consent ${id} is ${String(status)} after the callback`);
  return id;
}

/**
 * `count` authorised consents, each approved by its own payer (`bench-payer-N`, which the sandbox
 * bank treats as sandbox-success with an account of its own), made 5 at a time.
 */
export async function consentsOfManyPayers(
  apiUrl: string,
  auth: Record<string, string>,
  count: number,
): Promise<string[]> {
  const ids: string[] = new Array<string>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (next < count) {
        const n = next;
        next += 1;
        ids[n] = await authorisedVrpConsent(apiUrl, auth, `bench-many-${n + 1}`, `bench-payer-${n + 1}`);
      }
    }),
  );
  return ids;
}
