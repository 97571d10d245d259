import { timingSafeEqual } from 'node:crypto';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { OAuthError } from '../http/obie-error.js';

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function decodeComponent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * client_secret_basic (RFC 6749 section 2.3.1): `Authorization: Basic base64(id:secret)`, each
 * part form-encoded. Returns the authenticated client id.
 */
export function authenticateClient(bank: SandboxBankDefinition, authorization: string | undefined): string {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (match?.[1] === undefined)
    throw new OAuthError(401, 'invalid_client', 'Client authentication (client_secret_basic) is required.');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const clientId = decodeComponent(colon < 0 ? decoded : decoded.slice(0, colon));
  const secret = decodeComponent(colon < 0 ? '' : decoded.slice(colon + 1));
  const client = bank.clients.find((candidate) => candidate.clientId === clientId);
  if (client === undefined || !sameText(client.clientSecret, secret)) {
    throw new OAuthError(401, 'invalid_client', 'Unknown client or wrong client secret.');
  }
  return client.clientId;
}
