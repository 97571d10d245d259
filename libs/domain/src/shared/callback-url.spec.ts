import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, isOwnHost } from './callback-url.js';

const OWN = ['api.gateway.example', '127.0.0.1'];

describe('checkCallbackUrl', () => {
  it.each([
    ['https://tpp.example/callback', undefined],
    ['https://tpp.example:8443/cb?x=1#frag', undefined],
    [' https://tpp.example/cb ', undefined],
    ['https://gateway.example/cb', undefined],
    ['https://notapi.gateway.example/cb', undefined],
    ['https://localhost/cb', undefined],
    ['', 'must not be empty'],
    ['tpp.example/callback', 'must be an absolute URL such as https://tpp.example/callback'],
    ['/callback', 'must be an absolute URL such as https://tpp.example/callback'],
    ['https://', 'must be an absolute URL such as https://tpp.example/callback'],
    ['http://tpp.example/callback', 'must use https (it uses http)'],
    ['ftp://tpp.example/callback', 'must use https (it uses ftp)'],
    ['javascript:alert(1)', 'must use https (it uses javascript)'],
    ['https://tpp.example/a b', 'must be a URL without white space'],
    ['https://user:secret@tpp.example/cb', 'must not contain user credentials'],
    ['https://api.gateway.example/cb', "must not be under the gateway's own host (api.gateway.example)"],
    ['https://API.Gateway.Example./cb', "must not be under the gateway's own host (api.gateway.example)"],
    ['https://hp.api.gateway.example/cb', "must not be under the gateway's own host (hp.api.gateway.example)"],
    ['https://127.0.0.1:9000/cb', "must not be under the gateway's own host (127.0.0.1)"],
    [`https://tpp.example/${'a'.repeat(2048)}`, 'must be at most 2048 characters'],
  ])('%j -> %s', (value, expected) => {
    expect(checkCallbackUrl(value, OWN)).toBe(expected);
  });

  it('without own hosts only the form is checked', () => {
    expect(checkCallbackUrl('https://api.gateway.example/cb')).toBeUndefined();
  });
});

describe('isOwnHost', () => {
  it('matches hosts and their sub-domains, not look-alikes', () => {
    expect(isOwnHost('gateway.example', ['gateway.example'])).toBe(true);
    expect(isOwnHost('a.b.gateway.example', ['gateway.example'])).toBe(true);
    expect(isOwnHost('evilgateway.example', ['gateway.example'])).toBe(false);
    expect(isOwnHost('[::1]', ['::1'])).toBe(true);
    expect(isOwnHost('x.example', [''])).toBe(false);
  });
});
