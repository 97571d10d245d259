import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import { assertUserApiAvailable } from '../payments/user-availability.js';
import { AuthorisationsService, type Created } from './authorisations.service.js';
import { validConsentBody, type ConsentAccess } from './consent-body.js';
import { isoToday, type Xs2aBank } from './xs2a-banks.js';
import { Xs2aError } from './xs2a-error.js';
import type { Bases, Xs2aHeaders } from './xs2a-request.js';
import { Xs2aResourceStore, type Xs2aResource } from './xs2a-resource.store.js';

/** What an account-information consent keeps of its request. */
export interface StoredConsent {
  readonly consent: Readonly<Record<string, unknown>>;
  readonly access: ConsentAccess;
  readonly validUntil: string;
}

export function storedConsent(resource: Xs2aResource): StoredConsent {
  return resource.request as unknown as StoredConsent;
}

/**
 * Account-information consents (`/v1/consents`): received, then valid once the user authorised
 * (rejected when they refused), expired after validUntil, terminatedByTpp when deleted.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly resources: Xs2aResourceStore,
    private readonly authorisations: AuthorisationsService,
    private readonly clock: Clock,
  ) {}

  async create(bank: Xs2aBank, headers: Xs2aHeaders, body: unknown, bases: Bases): Promise<Created> {
    const valid = validConsentBody(body, isoToday(this.clock.nowMs()));
    const stored: StoredConsent = { consent: valid.body, access: valid.access, validUntil: valid.validUntil };
    return this.authorisations.create(bank, headers, bases, {
      kind: 'bg-ais-consent',
      status: 'received',
      stored,
      answer: (consentId) => ({ consentStatus: 'received', consentId }),
    });
  }

  async consent(bank: Xs2aBank, consentId: string): Promise<Xs2aResource> {
    const resource = await this.resources.get(bank.id, 'bg-ais-consent', consentId);
    await this.authorisations.settleDue(bank, resource);
    return (await this.resources.findById(resource.id)) ?? resource;
  }

  /** consentStatus as it stands: a valid consent past its validUntil reads as expired. */
  statusOf(resource: Xs2aResource): string {
    if (resource.status === 'valid' && storedConsent(resource).validUntil < isoToday(this.clock.nowMs()))
      return 'expired';
    return resource.status;
  }

  async read(bank: Xs2aBank, consentId: string): Promise<object> {
    const resource = await this.consent(bank, consentId);
    assertUserApiAvailable(resource.username);
    return {
      ...storedConsent(resource).consent,
      consentStatus: this.statusOf(resource),
      lastActionDate: resource.statusUpdatedAt.toISOString().slice(0, 10),
    };
  }

  async status(bank: Xs2aBank, consentId: string): Promise<object> {
    const resource = await this.consent(bank, consentId);
    assertUserApiAvailable(resource.username);
    return { consentStatus: this.statusOf(resource) };
  }

  async terminate(bank: Xs2aBank, consentId: string): Promise<void> {
    const resource = await this.consent(bank, consentId);
    await this.resources.transition(resource.id, ['received', 'valid', 'partiallyAuthorised'], 'terminatedByTpp');
  }

  /** The consent a read names (Consent-ID), usable now, or the standard's 401/403. */
  async usable(
    bank: Xs2aBank,
    consentId: string | undefined,
  ): Promise<{ resource: Xs2aResource; username: string; access: ConsentAccess }> {
    if (consentId === undefined) throw Xs2aError.format('Consent-ID is required.', 'Consent-ID');
    const resource = await this.resources.find(bank.id, 'bg-ais-consent', consentId);
    if (resource === null)
      throw new Xs2aError(403, 'CONSENT_UNKNOWN', `Consent ${consentId} is not known to this bank.`);
    assertUserApiAvailable(resource.username);
    const status = this.statusOf(resource);
    if (status === 'expired') throw new Xs2aError(401, 'CONSENT_EXPIRED', 'The consent has expired.');
    if (status !== 'valid' || resource.username === null)
      throw new Xs2aError(401, 'CONSENT_INVALID', `The consent is ${status}, not valid.`);
    return { resource, username: resource.username, access: storedConsent(resource).access };
  }
}
