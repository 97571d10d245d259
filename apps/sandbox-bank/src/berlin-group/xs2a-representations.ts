import type { Authorisation } from './authorisation.store.js';
import { SCA_METHODS, challengeFor, FINAL_SCA_STATUSES } from './sca-rules.js';
import type { Xs2aResource } from './xs2a-resource.store.js';
import { links, type Bases } from './xs2a-request.js';

/** What a payment initiation keeps of its request (parsed once, when it was made). */
export interface StoredPayment {
  readonly product: string;
  readonly payment: Readonly<Record<string, unknown>>;
  readonly amount: string;
  readonly currency: string;
  readonly debtorIban?: string;
  readonly executeAt?: string;
}

export function storedPayment(resource: Xs2aResource): StoredPayment {
  return resource.request as unknown as StoredPayment;
}

/**
 * The resource's own URL: `/payments/{product}/{paymentId}`,
 * `/periodic-payments/{product}/{paymentId}` or `/consents/{consentId}`.
 */
export function resourceUrl(bases: Bases, resource: Xs2aResource): string {
  if (resource.kind === 'bg-ais-consent') return `${bases.api}/consents/${resource.id}`;
  const service = resource.kind === 'bg-periodic-payment' ? 'periodic-payments' : 'payments';
  return `${bases.api}/${service}/${storedPayment(resource).product}/${resource.id}`;
}

/** The link naming the next embedded call, by scaStatus. */
const EMBEDDED_NEXT: Readonly<Record<string, string>> = {
  received: 'updatePsuIdentification',
  psuIdentified: 'updatePsuAuthentication',
  psuAuthenticated: 'selectAuthenticationMethod',
  scaMethodSelected: 'authoriseTransaction',
};

/** Links of an authorisation: its status, and what to do next in its approach. */
export function authorisationLinks(
  bases: Bases,
  resource: Xs2aResource,
  authorisation: Authorisation,
): Record<string, { href: string }> {
  const self = `${resourceUrl(bases, resource)}/authorisations/${authorisation.id}`;
  const open = !FINAL_SCA_STATUSES.has(authorisation.scaStatus);
  const next = authorisation.scaApproach === 'embedded' && open ? EMBEDDED_NEXT[authorisation.scaStatus] : undefined;
  return links({
    scaRedirect: authorisation.scaApproach === 'redirect' && open ? `${bases.bank}/sca/${authorisation.id}` : undefined,
    ...(next === undefined ? {} : { [next]: self }),
    scaStatus: self,
    status: `${resourceUrl(bases, resource)}/status`,
  });
}

/** startScaprocessResponse / updatePsuAuthenticationResponse: status, methods or challenge, links. */
export function authorisationResponse(
  bases: Bases,
  resource: Xs2aResource,
  authorisation: Authorisation,
  psuMessage?: string,
): object {
  const method = SCA_METHODS.find((candidate) => candidate.authenticationMethodId === authorisation.scaMethod);
  const embedded = authorisation.scaApproach === 'embedded';
  return {
    scaStatus: authorisation.scaStatus,
    authorisationId: authorisation.id,
    ...(embedded && authorisation.scaStatus === 'psuAuthenticated' ? { scaMethods: SCA_METHODS } : {}),
    ...(embedded && authorisation.scaStatus === 'scaMethodSelected' && method !== undefined
      ? { chosenScaMethod: method, challengeData: challengeFor(method.authenticationMethodId) }
      : {}),
    ...(psuMessage === undefined ? {} : { psuMessage }),
    _links: authorisationLinks(bases, resource, authorisation),
  };
}
