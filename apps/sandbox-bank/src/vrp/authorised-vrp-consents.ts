import type { Consent } from '../store/consent.store.js';

/** Consents remembered at most; the oldest is forgotten first. */
const MAX_CONSENTS = 10_000;

/**
 * The Authorised VRP consents this process has read, by bank and id. Nothing a VRP reads of its
 * consent changes once it is Authorised (its request, control parameters, user and debtor
 * account) but its status, and the status only leaves Authorised, never comes back: the statement
 * that records a VRP checks it under the consent's lock, and a consent found no longer Authorised
 * there is forgotten.
 */
export class AuthorisedVrpConsents {
  private readonly consents = new Map<string, Consent>();

  get(bankId: string, consentId: string): Consent | undefined {
    return this.consents.get(`${bankId}\u0000${consentId}`);
  }

  /** Remembers the consent when it is Authorised; answers it as given. */
  keep(consent: Consent): Consent {
    if (consent.status !== 'Authorised') return consent;
    if (this.consents.size >= MAX_CONSENTS) this.consents.delete(this.consents.keys().next().value ?? '');
    this.consents.set(`${consent.bankId}\u0000${consent.id}`, Object.freeze({ ...consent }));
    return consent;
  }

  forget(bankId: string, consentId: string): void {
    this.consents.delete(`${bankId}\u0000${consentId}`);
  }
}
