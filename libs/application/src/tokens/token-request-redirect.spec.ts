import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TokenRequestStatus } from '#libs/domain';
import {
  signTokenRequestResult,
  tokenRequestSignedPayload,
  verifyTokenRequestResult,
} from './token-request-signature.js';
import { tppRedirectUrl } from './token-request-redirect.js';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const key = { kid: 'k1', privateKey };

const PENDING: TokenRequestStatus = 'PENDING';

const request = (overrides: Record<string, unknown>) => ({
  id: 'rq:1',
  status: PENDING,
  requestPayload: { redirectUrl: 'https://tpp.example/done?shop=1', callbackState: 's&1' },
  tokenId: null,
  signature: null,
  authorization: null,
  statusReasonInformation: null,
  ...overrides,
});

describe('the token request result signature', () => {
  it('covers exactly {state, tokenId} in that order, an absent state as empty', () => {
    expect(tokenRequestSignedPayload(undefined, 'tt:1').toString()).toBe('{"state":"","tokenId":"tt:1"}');
    const signature = signTokenRequestResult(key, 's', 'tt:1');
    expect(signature).toMatchObject({ keyId: 'k1', memberId: 'm:gateway' });
    expect(verifyTokenRequestResult(publicKey, 's', 'tt:1', signature)).toBe(true);
    expect(verifyTokenRequestResult(publicKey, 's', 'tt:2', signature)).toBe(false);
    expect(verifyTokenRequestResult(publicKey, 't', 'tt:1', signature)).toBe(false);
  });
});

describe('tppRedirectUrl', () => {
  it('PROCESSED: requestId, state, tokenId and the signature JSON, keeping the URL’s own query', () => {
    const signature = signTokenRequestResult(key, 's&1', 'tt:1');
    const url = new URL(tppRedirectUrl(request({ status: 'PROCESSED', tokenId: 'tt:1', signature })));
    expect(url.searchParams.get('shop')).toBe('1');
    expect(url.searchParams.get('requestId')).toBe('rq:1');
    expect(url.searchParams.get('state')).toBe('s&1');
    expect(url.searchParams.get('tokenId')).toBe('tt:1');
    expect(JSON.parse(url.searchParams.get('signature') ?? '')).toEqual(signature);
  });

  it('REJECTED by the user: error ACCESS_DENIED and the reason; EXPIRED: error EXPIRED', () => {
    const rejected = new URL(
      tppRedirectUrl(
        request({
          status: 'REJECTED',
          authorization: { kind: 'ended', error: 'ACCESS_DENIED' },
          statusReasonInformation: 'no',
        }),
      ),
    );
    expect([rejected.searchParams.get('error'), rejected.searchParams.get('message')]).toEqual(['ACCESS_DENIED', 'no']);
    expect(rejected.searchParams.get('tokenId')).toBeNull();
    const expired = new URL(tppRedirectUrl(request({ status: 'EXPIRED' })));
    expect(expired.searchParams.get('error')).toBe('EXPIRED');
    expect(expired.searchParams.get('message')).toBe('The user did not authorise the request in time.');
  });
});
