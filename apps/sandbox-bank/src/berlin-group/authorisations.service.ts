import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { SandboxBankDefinition, SandboxScaApproach } from '../banks/sandbox-bank-definition.js';
import { scenarioFor } from '../banks/scenario-users.js';
import { PageError } from '../http/obie-error.js';
import { AuthorisationStore, type Authorisation, type AuthorisationChanges } from './authorisation.store.js';
import { FINAL_SCA_STATUSES, embeddedScaStep, readScaInput, type ScaState } from './sca-rules.js';
import { AWAITING_SCA, ScaOutcomes } from './sca-outcomes.service.js';
import { Xs2aError } from './xs2a-error.js';
import { authorisationLinks, resourceUrl } from './xs2a-representations.js';
import { links, type Bases, type Xs2aHeaders } from './xs2a-request.js';
import { Xs2aResourceStore, type Xs2aResource, type Xs2aResourceKind } from './xs2a-resource.store.js';

export interface AuthorisationResult {
  readonly authorisation: Authorisation;
  readonly psuMessage?: string;
}

/** The part of a new payment's or consent's answer that is about its authorisation. */
export interface AuthorisationOnCreation {
  readonly psuMessage?: string;
  readonly _links: Record<string, { href: string }>;
}

/** What the call that created a payment or consent answers: its Location, SCA approach and body. */
export interface Created {
  readonly location: string;
  readonly approach: string;
  readonly body: object;
}

/** A payment or consent to create: its kind, first status, what it keeps, and its answer's own fields. */
export interface NewXs2aResource {
  readonly kind: Xs2aResourceKind;
  readonly status: string;
  readonly stored: object;
  readonly answer: (resourceId: string) => object;
}

const DECOUPLED_MESSAGE = 'Please confirm the request in your Sandbox Bank app.';

/**
 * The SCA approach of a request: a redirect bank always redirects; an embedded or decoupled bank
 * redirects when the TPP prefers it (TPP-Redirect-Preferred: true) and uses its own approach
 * otherwise. Every sandbox bank has the consent page.
 */
export function approachFor(bank: SandboxBankDefinition, headers: Xs2aHeaders): SandboxScaApproach {
  if (bank.scaApproach === 'redirect' || headers.redirectPreferred === true) return 'redirect';
  return bank.scaApproach;
}

function stateOf(authorisation: Authorisation): ScaState {
  return {
    scaStatus: authorisation.scaStatus,
    psuId: authorisation.psuId,
    scaMethod: authorisation.scaMethod,
    failedAttempts: authorisation.failedAttempts,
  };
}

/**
 * Authorisation sub-resources of payments and consents, in each SCA approach: the embedded
 * steps (credentials, method, one-time code), the decoupled app approval that answers on its own
 * once its delay has passed (worked out whenever anyone looks, so no timer is needed), and the
 * redirect page's decision. The end of an authorisation goes to ScaOutcomes.
 */
@Injectable()
export class AuthorisationsService {
  constructor(
    private readonly store: AuthorisationStore,
    private readonly resources: Xs2aResourceStore,
    private readonly outcomes: ScaOutcomes,
    private readonly clock: Clock,
  ) {}

  async start(
    bank: SandboxBankDefinition,
    resource: Xs2aResource,
    approach: SandboxScaApproach,
    headers: Xs2aHeaders,
    body: unknown,
  ): Promise<AuthorisationResult> {
    if (resource.status !== AWAITING_SCA[resource.kind])
      throw Xs2aError.statusInvalid(`The resource is ${resource.status}: there is nothing left to authorise.`);
    const base = { bankId: bank.id, resourceId: resource.id, scaApproach: approach };
    switch (approach) {
      case 'redirect': {
        if (headers.redirectUri === undefined)
          throw Xs2aError.format('TPP-Redirect-URI is required for the redirect SCA approach.', 'TPP-Redirect-URI');
        const authorisation = await this.store.create({
          ...base,
          scaStatus: 'received',
          ...(headers.psuId === undefined ? {} : { psuId: headers.psuId }),
          tppRedirectUri: headers.redirectUri,
          ...(headers.nokRedirectUri === undefined ? {} : { tppNokRedirectUri: headers.nokRedirectUri }),
        });
        return { authorisation };
      }
      case 'decoupled': {
        if (headers.psuId === undefined)
          throw Xs2aError.format(
            'PSU-ID is required for the decoupled SCA approach: the bank must know whose app to ask.',
            'PSU-ID',
          );
        const authorisation = await this.store.create({
          ...base,
          scaStatus: 'started',
          psuId: headers.psuId,
          decideAt: new Date(this.clock.nowMs() + bank.cibaApprovalDelayMs),
        });
        return { authorisation, psuMessage: DECOUPLED_MESSAGE };
      }
      case 'embedded': {
        const initial: ScaState = { scaStatus: 'received', psuId: null, scaMethod: null, failedAttempts: 0 };
        const step = embeddedScaStep(initial, readScaInput(body), headers.psuId);
        const { next } = step;
        const authorisation = await this.store.create({
          ...base,
          scaStatus: next.scaStatus,
          failedAttempts: next.failedAttempts,
          ...(next.psuId === null ? {} : { psuId: next.psuId }),
          ...(next.scaMethod === null ? {} : { scaMethod: next.scaMethod }),
        });
        await this.concluded(bank, resource, authorisation);
        return { authorisation, ...(step.psuMessage === undefined ? {} : { psuMessage: step.psuMessage }) };
      }
    }
  }

  /**
   * Stores a new payment or consent in its first status and starts its first authorisation (see
   * startOnCreation): the creating call's answer.
   */
  async create(
    bank: SandboxBankDefinition,
    headers: Xs2aHeaders,
    bases: Bases,
    created: NewXs2aResource,
  ): Promise<Created> {
    const approach = approachFor(bank, headers);
    const resource = await this.resources.create(bank.id, created.kind, created.status, created.stored);
    const authorisation = await this.startOnCreation(bank, resource, approach, headers, bases);
    return {
      location: resourceUrl(bases, resource),
      approach,
      body: { ...created.answer(resource.id), ...authorisation },
    };
  }

  /**
   * The authorisation of a payment or consent just created: with an explicit start (the TPP asked
   * for one, or a decoupled request without PSU-ID) only the link to start it; otherwise it is
   * started at once and its links are given.
   */
  async startOnCreation(
    bank: SandboxBankDefinition,
    resource: Xs2aResource,
    approach: SandboxScaApproach,
    headers: Xs2aHeaders,
    bases: Bases,
  ): Promise<AuthorisationOnCreation> {
    const self = resourceUrl(bases, resource);
    const base = { self, status: `${self}/status` };
    const explicit =
      headers.explicitAuthorisation === true || (approach === 'decoupled' && headers.psuId === undefined);
    if (explicit) {
      const start =
        approach !== 'embedded'
          ? 'startAuthorisation'
          : headers.psuId === undefined
            ? 'startAuthorisationWithPsuIdentification'
            : 'startAuthorisationWithPsuAuthentication';
      return { _links: links({ ...base, [start]: `${self}/authorisations` }) };
    }
    const { authorisation, psuMessage } = await this.start(bank, resource, approach, headers, undefined);
    return {
      ...(psuMessage === undefined ? {} : { psuMessage }),
      _links: { ...links(base), ...authorisationLinks(bases, resource, authorisation) },
    };
  }

  /** PUT on an authorisation: the next embedded value (other approaches take nothing here). */
  async update(
    bank: SandboxBankDefinition,
    resource: Xs2aResource,
    authorisationId: string,
    headers: Xs2aHeaders,
    body: unknown,
  ): Promise<AuthorisationResult> {
    const current = await this.read(bank, resource, authorisationId);
    const input = readScaInput(body);
    if (current.scaApproach !== 'embedded') {
      if (input.kind === 'none') return { authorisation: current };
      throw Xs2aError.format(
        `This authorisation takes place ${current.scaApproach === 'redirect' ? "on the bank's page" : "in the bank's app"}, not in the TPP's.`,
      );
    }
    if (FINAL_SCA_STATUSES.has(current.scaStatus))
      throw Xs2aError.statusInvalid(`The authorisation is already ${current.scaStatus}.`);
    const step = embeddedScaStep(stateOf(current), input, headers.psuId);
    const changes: AuthorisationChanges = {
      scaStatus: step.next.scaStatus,
      psuId: step.next.psuId,
      scaMethod: step.next.scaMethod,
      failedAttempts: step.next.failedAttempts,
    };
    if (!(await this.store.transition(current.id, current.scaStatus, changes)))
      throw Xs2aError.statusInvalid('The authorisation changed meanwhile; read it and try again.');
    const authorisation = await this.store.reload(current.id);
    await this.concluded(bank, resource, authorisation);
    return { authorisation, ...(step.psuMessage === undefined ? {} : { psuMessage: step.psuMessage }) };
  }

  /** The authorisation as it stands now (a due decoupled answer is given first). */
  async read(bank: SandboxBankDefinition, resource: Xs2aResource, authorisationId: string): Promise<Authorisation> {
    const authorisation = await this.store.get(bank.id, resource.id, authorisationId);
    return this.settleDecoupled(bank, resource, authorisation);
  }

  list(resource: Xs2aResource): Promise<Authorisation[]> {
    return this.store.list(resource.id);
  }

  /** Gives every due decoupled answer of the resource (before its status is read). */
  async settleDue(bank: SandboxBankDefinition, resource: Xs2aResource): Promise<void> {
    for (const authorisation of await this.store.list(resource.id))
      await this.settleDecoupled(bank, resource, authorisation);
  }

  /**
   * The consent page's decision. Returns where the browser goes: TPP-Redirect-URI after an
   * approval, TPP-Nok-Redirect-URI (or TPP-Redirect-URI) after a refusal.
   */
  async decide(
    bank: SandboxBankDefinition,
    authorisation: Authorisation,
    username: string,
    decision: 'approve' | 'deny',
  ): Promise<string> {
    const resource = await this.resources.findById(authorisation.resourceId);
    if (resource === null || authorisation.scaApproach !== 'redirect' || authorisation.tppRedirectUri === null)
      throw new PageError(400, 'This authorisation cannot be decided here.');
    const changes: AuthorisationChanges =
      decision === 'approve' ? { scaStatus: 'finalised', psuId: username } : { scaStatus: 'failed' };
    if (!(await this.store.transition(authorisation.id, authorisation.scaStatus, changes)))
      throw new PageError(400, 'This authorisation was already decided. Start again from the application.');
    await this.concluded(bank, resource, await this.store.reload(authorisation.id));
    return decision === 'approve'
      ? authorisation.tppRedirectUri
      : (authorisation.tppNokRedirectUri ?? authorisation.tppRedirectUri);
  }

  private async settleDecoupled(
    bank: SandboxBankDefinition,
    resource: Xs2aResource,
    authorisation: Authorisation,
  ): Promise<Authorisation> {
    if (authorisation.scaApproach !== 'decoupled' || authorisation.scaStatus !== 'started') return authorisation;
    if (authorisation.decideAt !== null && authorisation.decideAt.getTime() > this.clock.nowMs()) return authorisation;
    const approves = scenarioFor(authorisation.psuId ?? '').decoupledDecision === 'approve';
    // Only one reader gives the answer; the others read what it gave.
    if (!(await this.store.transition(authorisation.id, 'started', { scaStatus: approves ? 'finalised' : 'failed' })))
      return this.store.reload(authorisation.id);
    const settled = await this.store.reload(authorisation.id);
    await this.concluded(bank, resource, settled);
    return settled;
  }

  private async concluded(
    bank: SandboxBankDefinition,
    resource: Xs2aResource,
    authorisation: Authorisation,
  ): Promise<void> {
    if (authorisation.scaStatus === 'finalised' && authorisation.psuId !== null)
      await this.outcomes.finalised(bank, resource, authorisation.psuId);
    if (authorisation.scaStatus === 'failed') await this.outcomes.failed(resource);
  }
}
