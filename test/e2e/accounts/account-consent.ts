import { expect } from 'vitest';
import { call, type TestGateway, type TestMember } from '../../support/payments-gateway.js';
import { accessPayload, storeTokenRequest } from '../../support/token-requests.js';
import { decideOnConsentPage } from '../obie/consent-form.js';

type Json = Record<string, unknown>;

export const ALL_RESOURCES = ['ACCOUNTS', 'BALANCES', 'TRANSACTIONS', 'STANDING_ORDERS'] as const;

/** The bank's consent URL of a fresh account-information token request of `member` at `bankId`. */
export async function consentUrl(
  gateway: TestGateway,
  member: TestMember,
  bankId: string,
  resources: readonly string[] = ALL_RESOURCES,
): Promise<string> {
  const request = await storeTokenRequest(gateway, member, accessPayload(resources));
  const answer = await call<Json>(
    `${gateway.apiUrl}/token-requests/${encodeURIComponent(request.id)}/authorization`,
    'POST',
    member.auth,
    { bankId },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body['redirectUrl'] as string;
}

/** An access token of `member` at `bankId`: the user approves at the bank's page (by HTTP) and comes back. */
export async function accessToken(
  gateway: TestGateway,
  member: TestMember,
  bankId: string,
  username: string,
  resources: readonly string[] = ALL_RESOURCES,
): Promise<string> {
  const back = await decideOnConsentPage(await consentUrl(gateway, member, bankId, resources), username, 'approve');
  const callback = await call(back.toString(), 'GET', undefined);
  expect(callback.status).toBe(303);
  const tokenId = new URL(callback.headers.get('location') ?? '').searchParams.get('tokenId');
  expect(tokenId, callback.headers.get('location') ?? '').toMatch(/^tt:/);
  return tokenId ?? '';
}

/** How many reads of the token's consent reached the sandbox bank. */
export async function bankReads(
  gateway: TestGateway,
  tokenId: string,
): Promise<{ readonly total: number; readonly tppInitiated: number }> {
  const token = await gateway.api.stores.repositories.tokens.findById(tokenId);
  const answer = await call<{ total: number; tppInitiated: number }>(
    `${gateway.sandboxUrl}/sandbox/ais-reads/${token?.bankId ?? ''}/${encodeURIComponent(token?.bankConsentId ?? '')}`,
    'GET',
    undefined,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}
