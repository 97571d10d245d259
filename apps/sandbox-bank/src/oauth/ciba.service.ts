import { Injectable } from '@nestjs/common';
import { Clock } from '#libs/common';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { scenarioFor } from '../banks/scenario-users.js';
import { OAuthError } from '../http/obie-error.js';
import { ConsentStore } from '../store/consent.store.js';
import { GrantStore, type Grant } from '../store/grant.store.js';
import { AuthorisationService } from './authorisation.service.js';
import { userScopeFor } from './consent-scope.js';
import { readRequestObject } from './request-object.js';
import { CIBA_POLL_INTERVAL_SECONDS, TOKEN_LIFETIMES } from './token-lifetimes.js';

export interface BackchannelResponse {
  readonly auth_req_id: string;
  readonly expires_in: number;
  readonly interval: number;
}

/**
 * Decoupled authorisation: the user "answers on their phone" once the bank's approval delay has
 * passed. The answer is worked out when anyone looks (token poll or consent read), so no timer is
 * needed and every process agrees.
 */
@Injectable()
export class CibaService {
  constructor(
    private readonly grants: GrantStore,
    private readonly consents: ConsentStore,
    private readonly authorisation: AuthorisationService,
    private readonly clock: Clock,
  ) {}

  /**
   * `POST /as/bc-authorize`: the request object names the consent (openbanking_intent_id); the
   * user is the login_hint (form field or request-object claim).
   */
  async start(
    bank: SandboxBankDefinition,
    clientId: string,
    fields: Readonly<Record<string, string>>,
  ): Promise<BackchannelResponse> {
    if (bank.scaApproach !== 'decoupled')
      throw new OAuthError(400, 'invalid_request', `${bank.name} authorises in the browser, not by CIBA.`);
    if (fields['request'] === undefined)
      throw new OAuthError(400, 'invalid_request', 'request (the request object) is required.');
    let claims: Record<string, unknown>;
    let intentId: string | undefined;
    try {
      ({ claims, intentId } = readRequestObject(fields['request']));
    } catch {
      throw new OAuthError(400, 'invalid_request', 'request is not a JWT.');
    }
    const loginHint =
      fields['login_hint'] ?? (typeof claims['login_hint'] === 'string' ? claims['login_hint'] : undefined);
    if (loginHint === undefined || loginHint.trim() === '')
      throw new OAuthError(400, 'invalid_request', 'login_hint is required.');
    const consent = intentId === undefined ? null : await this.consents.find(bank.id, intentId);
    if (consent === null || consent.status !== 'AwaitingAuthorisation') {
      throw new OAuthError(
        400,
        'invalid_request',
        'openbanking_intent_id does not name a consent awaiting authorisation.',
      );
    }
    const { value } = await this.grants.issue(
      {
        bankId: bank.id,
        kind: 'ciba',
        clientId,
        scope: userScopeFor(consent),
        consentId: consent.id,
        username: loginHint.trim(),
        status: 'pending',
        approveAt: new Date(this.clock.nowMs() + bank.cibaApprovalDelayMs),
      },
      TOKEN_LIFETIMES.cibaRequest,
    );
    return { auth_req_id: value, expires_in: TOKEN_LIFETIMES.cibaRequest, interval: CIBA_POLL_INTERVAL_SECONDS };
  }

  /** Settles a pending request whose time has come; returns its status afterwards. */
  async settle(request: Grant): Promise<string> {
    if (request.status !== 'pending') return request.status;
    if (request.approveAt !== null && request.approveAt.getTime() > this.clock.nowMs()) return 'pending';
    // Only one reader settles: the others see 'settling' and answer authorization_pending.
    if (!(await this.grants.transition(request.id, 'pending', 'settling'))) return 'pending';
    const username = request.username ?? '';
    const consent = request.consentId === null ? null : await this.consents.find(request.bankId, request.consentId);
    let outcome: 'approved' | 'denied' = 'denied';
    if (consent !== null && scenarioFor(username).decoupledDecision === 'approve') {
      const status = await this.authorisation.approve(consent, username);
      outcome = status === 'Authorised' ? 'approved' : 'denied';
    } else if (consent !== null) {
      await this.authorisation.deny(consent);
    }
    await this.grants.transition(request.id, 'settling', outcome);
    return outcome;
  }

  /** Settles every due request for a consent (before its status is read). */
  async settleForConsent(consentId: string): Promise<void> {
    for (const request of await this.grants.pendingCiba(consentId)) await this.settle(request);
  }
}
