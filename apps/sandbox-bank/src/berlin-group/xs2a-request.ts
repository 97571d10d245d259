import type { FastifyRequest } from 'fastify';
import { Xs2aError } from './xs2a-error.js';

export const XS2A_VERSION_PATH = '/v1';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function single(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first.trim() === '' ? undefined : first.trim();
}

function flag(request: FastifyRequest, name: string): boolean | undefined {
  const value = single(request, name)?.toLowerCase();
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw Xs2aError.format(`${name} must be true or false.`, name);
  return value === 'true';
}

function uri(request: FastifyRequest, name: string): string | undefined {
  const value = single(request, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw Xs2aError.format(`${name} must be an absolute URI.`, name);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw Xs2aError.format(`${name} must be an http(s) URI.`, name);
  return value;
}

/** The request headers of the standard that the sandbox reads. */
export interface Xs2aHeaders {
  readonly requestId: string;
  readonly psuId?: string;
  readonly psuIpAddress?: string;
  readonly consentId?: string;
  readonly redirectUri?: string;
  readonly nokRedirectUri?: string;
  readonly redirectPreferred?: boolean;
  readonly decoupledPreferred?: boolean;
  readonly explicitAuthorisation?: boolean;
}

/** X-Request-ID (a UUID) is mandatory on every call; the rest as the call needs them. */
export function xs2aHeaders(request: FastifyRequest): Xs2aHeaders {
  const requestId = single(request, 'X-Request-ID');
  if (requestId === undefined || !UUID.test(requestId))
    throw Xs2aError.format('X-Request-ID must be a UUID.', 'X-Request-ID');
  const fields = {
    psuId: single(request, 'PSU-ID'),
    psuIpAddress: single(request, 'PSU-IP-Address'),
    consentId: single(request, 'Consent-ID'),
    redirectUri: uri(request, 'TPP-Redirect-URI'),
    nokRedirectUri: uri(request, 'TPP-Nok-Redirect-URI'),
    redirectPreferred: flag(request, 'TPP-Redirect-Preferred'),
    decoupledPreferred: flag(request, 'TPP-Decoupled-Preferred'),
    explicitAuthorisation: flag(request, 'TPP-Explicit-Authorisation-Preferred'),
  };
  return { requestId, ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) };
}

/** `http://host/banks/{bankId}` as the caller reached it (pages live here). */
export function bankBase(request: FastifyRequest, bankId: string): string {
  return `${request.protocol}://${request.host}/banks/${encodeURIComponent(bankId)}`;
}

/** `http://host/banks/{bankId}/v1`: the XS2A root links point into. */
export function xs2aBase(request: FastifyRequest, bankId: string): string {
  return `${bankBase(request, bankId)}${XS2A_VERSION_PATH}`;
}

/** Where the sandbox's pages and its XS2A root are, as the caller reached them. */
export interface Bases {
  /** `http://host/banks/{bankId}/v1` */
  readonly api: string;
  /** `http://host/banks/{bankId}` */
  readonly bank: string;
}

/** Both bases, as the caller reached them. */
export function xs2aBases(request: FastifyRequest, bankId: string): Bases {
  return { api: xs2aBase(request, bankId), bank: bankBase(request, bankId) };
}

/** Links as the standard writes them: `{ name: { href } }`. */
export function links(entries: Readonly<Record<string, string | undefined>>): Record<string, { href: string }> {
  const out: Record<string, { href: string }> = {};
  for (const [name, href] of Object.entries(entries)) if (href !== undefined) out[name] = { href };
  return out;
}
