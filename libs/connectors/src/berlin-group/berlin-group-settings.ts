import { LOCAL_INSTRUMENTS, type LocalInstrument } from '../bank-types.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { DEFAULT_PAYMENT_PRODUCTS } from './berlin-group-products.js';

export type BerlinGroupScaApproach = 'redirect' | 'decoupled' | 'embedded';

/** How the connector asks a redirect bank for the user's authorisation. */
export interface TppRedirectSettings {
  /** TPP-Explicit-Authorisation-Preferred: start the authorisation with its own call (default false). */
  readonly explicitAuthorisation: boolean;
  /** Send TPP-Nok-Redirect-URI, so a refusal comes back marked `error=access_denied` (default true). */
  readonly nokRedirect: boolean;
}

export interface BerlinGroupSettings {
  readonly baseUrl: string;
  /** XS2A root: baseUrl + `/v1`. */
  readonly apiBaseUrl: string;
  readonly scaApproach: BerlinGroupScaApproach;
  readonly tppRedirect: TppRedirectSettings;
  /** The payment product for each rail the bank takes: the defaults with the entry's overrides. */
  readonly productMap: Readonly<Partial<Record<LocalInstrument, string>>>;
  /**
   * PSU-IP-Address sent on payment initiation and authorisation when the gateway does not know
   * the user's address (the header is mandatory there): `0.0.0.0`, the unspecified address,
   * unless the entry names another.
   */
  readonly psuIpAddressFallback: string;
}

type Raw = Readonly<Record<string, unknown>>;

const PRODUCT_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const IP_ADDRESS = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-fA-F:]*:[0-9a-fA-F:.]*)$/;

function fail(bankId: string, field: string, problem: string): never {
  throw new ConnectorSettingsError(bankId, field, problem);
}

function isObject(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(bankId: string, raw: Raw, key: string, field = key): string | undefined {
  const value = raw[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') fail(bankId, field, 'must be a non-empty string');
  return value.trim();
}

function flag(bankId: string, raw: Raw, key: string, field: string, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') fail(bankId, field, 'must be true or false');
  return value;
}

function baseUrlOf(bankId: string, raw: Raw): string {
  const value = optionalText(bankId, raw, 'baseUrl');
  if (value === undefined) fail(bankId, 'baseUrl', 'is required');
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    fail(bankId, 'baseUrl', `must be an absolute URL (got "${value}")`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') fail(bankId, 'baseUrl', 'must be an http(s) URL');
  return value.replace(/\/+$/, '');
}

function scaApproachOf(bankId: string, raw: Raw): BerlinGroupScaApproach {
  const value = optionalText(bankId, raw, 'scaApproach') ?? 'redirect';
  if (value !== 'redirect' && value !== 'decoupled' && value !== 'embedded')
    fail(bankId, 'scaApproach', 'must be one of redirect, decoupled, embedded');
  return value;
}

function tppRedirectOf(bankId: string, raw: Raw): TppRedirectSettings {
  const value = raw['tppRedirect'] ?? {};
  if (!isObject(value)) fail(bankId, 'tppRedirect', 'must be an object');
  return {
    explicitAuthorisation: flag(bankId, value, 'explicitAuthorisation', 'tppRedirect.explicitAuthorisation', false),
    nokRedirect: flag(bankId, value, 'nokRedirect', 'tppRedirect.nokRedirect', true),
  };
}

function productMapOf(bankId: string, raw: Raw): Partial<Record<LocalInstrument, string>> {
  const value = raw['productMap'] ?? {};
  if (!isObject(value)) fail(bankId, 'productMap', 'must be an object');
  const map: Partial<Record<LocalInstrument, string>> = { ...DEFAULT_PAYMENT_PRODUCTS };
  for (const [instrument, product] of Object.entries(value)) {
    if (!(LOCAL_INSTRUMENTS as readonly string[]).includes(instrument))
      fail(bankId, `productMap.${instrument}`, `is not a local instrument (${LOCAL_INSTRUMENTS.join(', ')})`);
    if (typeof product !== 'string' || !PRODUCT_NAME.test(product))
      fail(bankId, `productMap.${instrument}`, 'must be a payment product name (lower-case words joined by hyphens)');
    map[instrument as LocalInstrument] = product;
  }
  return map;
}

/**
 * Reads `connector.settings` of a Berlin Group (NextGenPSD2 XS2A v1.3) bank:
 * `{ baseUrl, scaApproach: redirect | decoupled | embedded, tppRedirect?: { explicitAuthorisation?,
 * nokRedirect? }, productMap?: { <LocalInstrument>: <payment-product> }, psuIpAddressFallback? }`.
 * The XS2A API lives at baseUrl + `/v1`.
 */
export function parseBerlinGroupSettings(bankId: string, raw: Raw): BerlinGroupSettings {
  const baseUrl = baseUrlOf(bankId, raw);
  const psuIpAddressFallback = optionalText(bankId, raw, 'psuIpAddressFallback') ?? '0.0.0.0';
  if (!IP_ADDRESS.test(psuIpAddressFallback)) fail(bankId, 'psuIpAddressFallback', 'must be an IPv4 or IPv6 address');
  return {
    baseUrl,
    apiBaseUrl: `${baseUrl}/v1`,
    scaApproach: scaApproachOf(bankId, raw),
    tppRedirect: tppRedirectOf(bankId, raw),
    productMap: productMapOf(bankId, raw),
    psuIpAddressFallback,
  };
}
