import { describe, expect, it } from 'vitest';
import {
  WebhookUrlError,
  classifyAddress,
  isAllowedAddress,
  parseWebhookUrl,
  resolveWebhookTarget,
  type AddressLookup,
} from './webhook-url.js';

describe('classifyAddress', () => {
  it.each([
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['::ffff:10.0.0.1', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:0a00:0001::1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('rejects what is not an address', () => {
    expect(() => classifyAddress('example.com')).toThrow(WebhookUrlError);
  });

  it('production allows public only; sandbox adds loopback', () => {
    expect(isAllowedAddress('public', 'production')).toBe(true);
    expect(isAllowedAddress('loopback', 'production')).toBe(false);
    expect(isAllowedAddress('loopback', 'sandbox')).toBe(true);
    for (const kind of ['private', 'link-local', 'metadata', 'multicast', 'reserved', 'unspecified'] as const) {
      expect(isAllowedAddress(kind, 'sandbox'), kind).toBe(false);
      expect(isAllowedAddress(kind, 'production'), kind).toBe(false);
    }
  });
});

describe('parseWebhookUrl', () => {
  it('production takes https only', () => {
    expect(parseWebhookUrl('https://tpp.example.com/hook', 'production').hostname).toBe('tpp.example.com');
    expect(() => parseWebhookUrl('http://tpp.example.com/hook', 'production')).toThrow(/https/);
  });
  it('sandbox also takes http', () => {
    expect(parseWebhookUrl('http://127.0.0.1:8000/hook', 'sandbox').port).toBe('8000');
    expect(() => parseWebhookUrl('ftp://tpp.example.com', 'sandbox')).toThrow(/http or https/);
  });
  it.each(['your-webhook-url.com', '/relative', 'https://', 'not a url'])('refuses %s', (raw) => {
    expect(() => parseWebhookUrl(raw, 'sandbox')).toThrow(WebhookUrlError);
  });
  it('refuses credentials and overlong URLs', () => {
    expect(() => parseWebhookUrl('https://user:pw@tpp.example.com/', 'production')).toThrow(/credentials/);
    expect(() => parseWebhookUrl(`https://tpp.example.com/${'a'.repeat(2048)}`, 'production')).toThrow(/2048/);
  });
});

describe('resolveWebhookTarget', () => {
  const answers =
    (map: Record<string, string[]>): AddressLookup =>
    (host) => {
      const found = map[host];
      if (found === undefined) return Promise.reject(new Error('ENOTFOUND'));
      return Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    };

  it('gives the address to connect to', async () => {
    const target = await resolveWebhookTarget(
      new URL('https://tpp.example.com/h'),
      'production',
      answers({ 'tpp.example.com': ['93.184.216.34', '2606:2800::1'] }),
    );
    expect(target).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name with any non-public answer in production (no mixing a public and a private address)', async () => {
    const lookup = answers({
      'mixed.example.com': ['93.184.216.34', '10.0.0.5'],
      'meta.example.com': ['169.254.169.254'],
    });
    await expect(resolveWebhookTarget(new URL('https://mixed.example.com/'), 'production', lookup)).rejects.toThrow(
      /private address \(10\.0\.0\.5\)/,
    );
    await expect(resolveWebhookTarget(new URL('https://meta.example.com/'), 'production', lookup)).rejects.toThrow(
      /metadata/,
    );
  });

  it('checks IP literals without DNS', async () => {
    const never: AddressLookup = () => Promise.reject(new Error('no DNS expected'));
    await expect(resolveWebhookTarget(new URL('https://[::1]/'), 'production', never)).rejects.toThrow(/loopback/);
    await expect(resolveWebhookTarget(new URL('https://0x7f.1/'), 'production', never)).rejects.toThrow(/loopback/);
    await expect(resolveWebhookTarget(new URL('http://127.0.0.1:9/'), 'sandbox', never)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveWebhookTarget(new URL('http://169.254.169.254/'), 'sandbox', never)).rejects.toThrow(
      /metadata/,
    );
  });

  it('refuses a name that does not resolve', async () => {
    await expect(resolveWebhookTarget(new URL('https://nowhere.invalid/'), 'production', answers({}))).rejects.toThrow(
      /does not resolve/,
    );
  });
});
