import { asObject, optionalText } from '../http/bank-json.js';

/**
 * XS2A hypermedia: `_links.<name>` is `{ href }` (some banks send the bare string). The links
 * tell the TPP what it may do next: `scaRedirect`, `startAuthorisation*`, `updatePsu*`,
 * `selectAuthenticationMethod`, `authoriseTransaction`, `scaStatus`, `next` ...
 */
export function linkHref(body: unknown, name: string): string | undefined {
  const link = asObject(body)?.['_links'];
  const value = asObject(link)?.[name];
  if (typeof value === 'string' && value !== '') return value;
  return optionalText(value, 'href');
}

export function hasLink(body: unknown, name: string): boolean {
  return linkHref(body, name) !== undefined;
}

/** Links that start an authorisation sub-resource (explicit start). */
export const START_AUTHORISATION_LINKS = [
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
] as const;

/** Links that point at an existing authorisation sub-resource. */
const AUTHORISATION_LINKS = [
  'scaStatus',
  'updatePsuIdentification',
  'updatePsuAuthentication',
  'selectAuthenticationMethod',
  'authoriseTransaction',
] as const;

export function offersAuthorisationStart(body: unknown): boolean {
  return START_AUTHORISATION_LINKS.some((name) => hasLink(body, name));
}

/**
 * The authorisation id of an answer: its `authorisationId`, or the last path segment after
 * `/authorisations/` in a link to the sub-resource (an implicitly started authorisation).
 */
export function authorisationIdOf(body: unknown): string | undefined {
  const explicit = optionalText(body, 'authorisationId');
  if (explicit !== undefined) return explicit;
  for (const name of AUTHORISATION_LINKS) {
    const href = linkHref(body, name);
    if (href === undefined) continue;
    const match = /\/authorisations\/([^/?#]+)/.exec(href);
    if (match?.[1] !== undefined) return decodeURIComponent(match[1]);
  }
  return undefined;
}
