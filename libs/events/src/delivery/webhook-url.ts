import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** Where the gateway runs: production delivers to public https receivers only. */
export type DeliveryEnvironment = 'sandbox' | 'production';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** Why a receiver URL or address is refused; the message is safe to show the member. */
export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'multicast' | 'reserved' | 'unspecified';

interface Rule {
  readonly prefix: readonly number[];
  readonly bits: number;
  readonly kind: AddressClass | 'embedded-ipv4';
  /** For embedded IPv4: the byte offset of the four IPv4 bytes. */
  readonly offset?: number;
}

function v4(text: string, bits: number, kind: AddressClass): Rule {
  return { prefix: text.split('.').map(Number), bits, kind };
}

/** First match wins, so the narrow metadata entries come before the ranges that hold them. */
const IPV4_RULES: readonly Rule[] = [
  v4('169.254.169.254', 32, 'metadata'), // AWS, GCP, Azure, OpenStack instance metadata
  v4('169.254.170.2', 32, 'metadata'), // AWS ECS task metadata
  v4('168.63.129.16', 32, 'metadata'), // Azure wire server
  v4('100.100.100.200', 32, 'metadata'), // Alibaba Cloud metadata
  v4('192.0.0.192', 32, 'metadata'), // Oracle Cloud metadata
  v4('0.0.0.0', 8, 'unspecified'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('10.0.0.0', 8, 'private'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.168.0.0', 16, 'private'),
  v4('100.64.0.0', 10, 'private'), // carrier-grade NAT
  v4('169.254.0.0', 16, 'link-local'),
  v4('192.0.0.0', 24, 'reserved'),
  v4('192.0.2.0', 24, 'reserved'),
  v4('192.88.99.0', 24, 'reserved'),
  v4('198.18.0.0', 15, 'reserved'),
  v4('198.51.100.0', 24, 'reserved'),
  v4('203.0.113.0', 24, 'reserved'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

function v6(groups: readonly number[], bits: number, kind: Rule['kind'], offset?: number): Rule {
  const prefix = groups.flatMap((group) => [group >> 8, group & 0xff]);
  return { prefix, bits, kind, ...(offset === undefined ? {} : { offset }) };
}

const IPV6_RULES: readonly Rule[] = [
  v6([0xfd00, 0x0ec2, 0, 0, 0, 0, 0, 0x0254], 128, 'metadata'), // AWS instance metadata over IPv6
  v6([0, 0, 0, 0, 0, 0, 0, 0], 128, 'unspecified'),
  v6([0, 0, 0, 0, 0, 0, 0, 1], 128, 'loopback'),
  v6([0, 0, 0, 0, 0, 0xffff], 96, 'embedded-ipv4', 12), // IPv4-mapped
  v6([0, 0, 0, 0, 0, 0], 96, 'reserved'), // IPv4-compatible (deprecated)
  v6([0x0064, 0xff9b, 0, 0, 0, 0], 96, 'embedded-ipv4', 12), // NAT64
  v6([0x0064, 0xff9b, 0x0001], 48, 'private'), // local-use NAT64
  v6([0x2002], 16, 'embedded-ipv4', 2), // 6to4
  v6([0x0100, 0, 0, 0], 64, 'reserved'), // discard-only
  v6([0x2001, 0x0db8], 32, 'reserved'), // documentation
  v6([0x2001, 0], 23, 'reserved'), // IETF protocol assignments, Teredo
  v6([0xfc00], 7, 'private'), // unique local
  v6([0xfe80], 10, 'link-local'),
  v6([0xfec0], 10, 'private'), // site-local (deprecated)
  v6([0xff00], 8, 'multicast'),
];

function matches(bytes: readonly number[], rule: Rule): boolean {
  for (let bit = 0; bit < rule.bits; bit += 8) {
    const index = bit / 8;
    const width = Math.min(8, rule.bits - bit);
    const mask = (0xff << (8 - width)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((rule.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv6Bytes(address: string): number[] {
  let text = address;
  const bytes: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (dotted?.[1] !== undefined) {
    tail = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...(rest === undefined ? [] : Array<string>(missing).fill('0')), ...restGroups];
  for (const group of groups) {
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function classifyBytes(bytes: readonly number[], rules: readonly Rule[]): AddressClass {
  for (const rule of rules) {
    if (!matches(bytes, rule)) continue;
    if (rule.kind !== 'embedded-ipv4') return rule.kind;
    const offset = rule.offset ?? 12;
    return classifyBytes(bytes.slice(offset, offset + 4), IPV4_RULES);
  }
  return 'public';
}

/** What kind of address `ip` is (an IPv4 or IPv6 literal, an IPv6 zone id is ignored). */
export function classifyAddress(ip: string): AddressClass {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  switch (isIP(address)) {
    case 4:
      return classifyBytes(address.split('.').map(Number), IPV4_RULES);
    case 6:
      return classifyBytes(ipv6Bytes(address.toLowerCase()), IPV6_RULES);
    default:
      throw new WebhookUrlError(`${ip} is not an IP address`);
  }
}

/** Production: public addresses only. Sandbox: public and loopback (a developer's own machine). */
export function isAllowedAddress(kind: AddressClass, environment: DeliveryEnvironment): boolean {
  return kind === 'public' || (environment === 'sandbox' && kind === 'loopback');
}

/**
 * Checks a receiver URL's form: absolute http(s) (https only in production), no credentials,
 * at most 2048 characters. Does not resolve the host (see resolveWebhookTarget).
 */
export function parseWebhookUrl(raw: string, environment: DeliveryEnvironment): URL {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH)
    throw new WebhookUrlError(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('must be an absolute URL such as https://example.com/webhooks');
  }
  if (
    environment === 'production' ? url.protocol !== 'https:' : url.protocol !== 'https:' && url.protocol !== 'http:'
  ) {
    throw new WebhookUrlError(environment === 'production' ? 'must use https' : 'must use http or https');
  }
  if (url.username !== '' || url.password !== '') throw new WebhookUrlError('must not contain credentials');
  if (url.hostname === '') throw new WebhookUrlError('must name a host');
  return url;
}

/** A receiver address that passed the checks: connect to exactly this one. */
export interface WebhookTarget {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

export type AddressLookup = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

const systemLookup: AddressLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Resolves the URL's host and checks every address it resolves to (one bad address refuses
 * the URL, so a name cannot mix a public and a private answer). Run at configuration and
 * again before each delivery, whose connection then goes to the address returned here, so a
 * DNS answer that changes in between (rebinding) cannot steer the request elsewhere.
 */
export async function resolveWebhookTarget(
  url: URL,
  environment: DeliveryEnvironment,
  lookup: AddressLookup = systemLookup,
): Promise<WebhookTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let answers: readonly { address: string; family: number }[];
  if (isIP(host) !== 0) {
    answers = [{ address: host, family: isIP(host) }];
  } else {
    try {
      answers = await lookup(host);
    } catch {
      throw new WebhookUrlError(`host ${host} does not resolve`);
    }
    if (answers.length === 0) throw new WebhookUrlError(`host ${host} does not resolve`);
  }
  for (const answer of answers) {
    const kind = classifyAddress(answer.address);
    if (!isAllowedAddress(kind, environment)) {
      throw new WebhookUrlError(
        `host ${host} resolves to a ${kind} address (${answer.address}), which receivers may not use${environment === 'sandbox' ? '' : ' in production'}`,
      );
    }
  }
  const [first] = answers;
  if (first === undefined) throw new WebhookUrlError(`host ${host} does not resolve`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
