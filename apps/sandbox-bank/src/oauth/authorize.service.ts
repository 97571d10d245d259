import { Injectable } from '@nestjs/common';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { PageError } from '../http/obie-error.js';
import { ConsentStore, type Consent } from '../store/consent.store.js';
import { GrantStore, type Grant } from '../store/grant.store.js';
import { AuthorisationService } from './authorisation.service.js';
import { userScopeFor } from './consent-scope.js';
import { readRequestObject } from './request-object.js';
import { TOKEN_LIFETIMES } from './token-lifetimes.js';

export type Query = Readonly<Record<string, unknown>>;

export type Decision =
  | { readonly kind: 'redirect'; readonly location: string }
  | {
      readonly kind: 'retry';
      readonly consent: Consent;
      readonly session: string;
      readonly clientId: string;
      readonly username: string;
      readonly error: string;
    };

function single(query: Query, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
}

function claim(claims: Readonly<Record<string, unknown>>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function checkedRedirectUri(value: string | undefined): string {
  if (value === undefined) throw new PageError(400, 'redirect_uri is required.');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new PageError(400, 'redirect_uri must be an absolute URL.');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hash !== '')
    throw new PageError(400, 'redirect_uri must be an http(s) URL without a fragment.');
  return value;
}

/** Back to the TPP with the answer, in the query as response_type=code asks. */
function redirectTo(redirectUri: string, params: Readonly<Record<string, string | null>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** The redirect (authorization code) journey: the authorize request and the user's decision. */
@Injectable()
export class AuthorizeService {
  constructor(
    private readonly grants: GrantStore,
    private readonly consents: ConsentStore,
    private readonly authorisation: AuthorisationService,
  ) {}

  /** Checks the authorize request and opens a session for the consent page. */
  async begin(
    bank: SandboxBankDefinition,
    query: Query,
  ): Promise<{ consent: Consent; session: string; clientId: string; requestingPartyName: string | undefined }> {
    const clientId = single(query, 'client_id');
    if (clientId === undefined || !bank.clients.some((client) => client.clientId === clientId))
      throw new PageError(400, 'Unknown client_id.');
    if (single(query, 'response_type') !== 'code') throw new PageError(400, 'response_type must be code.');
    const requestJwt = single(query, 'request');
    if (requestJwt === undefined)
      throw new PageError(400, 'request (the request object naming the consent) is required.');
    let claims: Readonly<Record<string, unknown>>;
    let intentId: string | undefined;
    let requestingPartyName: string | undefined;
    try {
      ({ claims, intentId, requestingPartyName } = readRequestObject(requestJwt));
    } catch {
      throw new PageError(400, 'request is not a JWT.');
    }
    const redirectUri = checkedRedirectUri(claim(claims, 'redirect_uri') ?? single(query, 'redirect_uri'));
    if (
      single(query, 'redirect_uri') !== undefined &&
      claim(claims, 'redirect_uri') !== undefined &&
      single(query, 'redirect_uri') !== claim(claims, 'redirect_uri')
    ) {
      throw new PageError(400, 'redirect_uri differs between the query and the request object.');
    }
    const consent = intentId === undefined ? null : await this.consents.find(bank.id, intentId);
    if (consent === null)
      throw new PageError(400, 'The request object does not name a consent of this bank (openbanking_intent_id).');
    if (consent.status !== 'AwaitingAuthorisation')
      throw new PageError(400, `This consent cannot be authorised: it is ${consent.status}.`);
    const { value } = await this.grants.issue(
      {
        bankId: bank.id,
        kind: 'authorize-session',
        clientId,
        scope: userScopeFor(consent),
        consentId: consent.id,
        redirectUri,
        state: claim(claims, 'state') ?? single(query, 'state'),
        nonce: claim(claims, 'nonce') ?? single(query, 'nonce'),
        status: 'pending',
      },
      TOKEN_LIFETIMES.authorizeSession,
    );
    return { consent, session: value, clientId, requestingPartyName };
  }

  /** The user pressed approve or deny. */
  async decide(bank: SandboxBankDefinition, fields: Readonly<Record<string, string>>): Promise<Decision> {
    const session = fields['session'] ?? '';
    const grant = await this.grants.find(bank.id, 'authorize-session', session);
    if (grant === null || grant.status !== 'pending' || grant.consentId === null || grant.redirectUri === null) {
      throw new PageError(
        400,
        'This authorisation session has expired or was already used. Start again from the application.',
      );
    }
    const consent = await this.consents.find(bank.id, grant.consentId);
    if (consent === null || consent.status !== 'AwaitingAuthorisation')
      throw new PageError(400, 'This consent can no longer be authorised.');
    const decision = fields['decision'];
    const username = (fields['username'] ?? '').trim();
    if (decision === 'approve' && (username === '' || username.length > 64)) {
      return {
        kind: 'retry',
        consent,
        session,
        clientId: grant.clientId,
        username,
        error: 'Enter your username (at most 64 characters).',
      };
    }
    if (decision !== 'approve' && decision !== 'deny') throw new PageError(400, 'decision must be approve or deny.');
    if (!(await this.grants.transition(grant.id, 'pending', 'used')))
      throw new PageError(400, 'This authorisation session was already used.');
    if (decision === 'deny') {
      await this.authorisation.deny(consent);
      return {
        kind: 'redirect',
        location: redirectTo(grant.redirectUri, {
          error: 'access_denied',
          error_description: 'The user denied the request.',
          state: grant.state,
        }),
      };
    }
    const status = await this.authorisation.approve(consent, username);
    if (status !== 'Authorised') {
      return {
        kind: 'redirect',
        location: redirectTo(grant.redirectUri, {
          error: 'access_denied',
          error_description: 'The consent was rejected.',
          state: grant.state,
        }),
      };
    }
    return {
      kind: 'redirect',
      location: redirectTo(grant.redirectUri, { code: await this.issueCode(grant, username), state: grant.state }),
    };
  }

  private async issueCode(session: Grant, username: string): Promise<string> {
    const { value } = await this.grants.issue(
      {
        bankId: session.bankId,
        kind: 'code',
        clientId: session.clientId,
        scope: session.scope,
        consentId: session.consentId ?? undefined,
        username,
        redirectUri: session.redirectUri ?? undefined,
        nonce: session.nonce ?? undefined,
        status: 'active',
      },
      TOKEN_LIFETIMES.code,
    );
    return value;
  }
}
