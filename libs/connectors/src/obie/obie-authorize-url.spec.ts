import { describe, expect, it } from 'vitest';
import { authorizeQuery, splitAuthorizeUrl, withQuery } from './obie-auth-server.js';

/** The same URL built with the URL API, parameter by parameter. */
function byUrlApi(endpoint: string, params: Record<string, string>): string {
  const url = new URL(endpoint);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

const PARAMS = {
  client_id: 'gateway-sandbox',
  response_type: 'code',
  redirect_uri: 'https://gateway.example/callbacks/bank?x=1&y=a b',
  scope: 'openid payments',
  state: 'st/ä+=&?#',
  nonce: 'n-1',
  request: 'eyJhbGciOiJub25lIn0.eyJhIjoiYiJ9.',
};

describe('authorize URL', () => {
  it('puts every parameter after the endpoint, encoded as the URL API does', () => {
    const endpoint = 'https://bank.example/banks/x/as/authorize';
    const built = withQuery(splitAuthorizeUrl(endpoint), new URLSearchParams(PARAMS).toString());
    expect(built).toBe(byUrlApi(endpoint, PARAMS));
    expect(Object.fromEntries(new URL(built).searchParams)).toEqual(PARAMS);
  });

  it("keeps the endpoint's own parameters and fragment, and replaces one of ours it already had", () => {
    const endpoint = 'https://as.example/authorize?tenant=a%20b&scope=old&prompt=login#frag';
    const built = withQuery(splitAuthorizeUrl(endpoint), new URLSearchParams(PARAMS).toString());
    const url = new URL(built);
    expect(url.pathname).toBe('/authorize');
    expect(url.hash).toBe('#frag');
    expect(url.searchParams.get('tenant')).toBe('a b');
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.getAll('scope')).toEqual(['openid payments']);
    expect(url.searchParams.get('state')).toBe(PARAMS.state);
    expect(url.searchParams.get('redirect_uri')).toBe(PARAMS.redirect_uri);
  });

  it('encodes the query as URLSearchParams does, a request object of any characters included', () => {
    expect(authorizeQuery(PARAMS)).toBe(new URLSearchParams(PARAMS).toString());
    const ascii = Array.from({ length: 95 }, (_, code) => String.fromCharCode(32 + code)).join('');
    for (const request of [ascii, 'a b+c', 'ä€😀', '*-._~', '', 'eyJ.eyJ.sig_-']) {
      expect(authorizeQuery({ ...PARAMS, request })).toBe(new URLSearchParams({ ...PARAMS, request }).toString());
    }
  });
});
