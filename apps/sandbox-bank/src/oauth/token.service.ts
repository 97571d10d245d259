import { Injectable } from '@nestjs/common';
import type { SandboxBankDefinition } from '../banks/sandbox-bank-definition.js';
import { OAuthError } from '../http/obie-error.js';
import { ConsentStore } from '../store/consent.store.js';
import { GrantStore, type Grant } from '../store/grant.store.js';
import { CibaService } from './ciba.service.js';
import { KNOWN_SCOPES, TOKEN_LIFETIMES } from './token-lifetimes.js';

export const CIBA_GRANT_TYPE = 'urn:openid:params:grant-type:ciba';

export interface TokenResponse {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly expires_in: number;
  readonly scope: string;
}

function required(fields: Readonly<Record<string, string>>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '') throw new OAuthError(400, 'invalid_request', `${name} is required.`);
  return value;
}

/** The token endpoint's grants: client_credentials, authorization_code and CIBA. */
@Injectable()
export class TokenService {
  constructor(
    private readonly grants: GrantStore,
    private readonly ciba: CibaService,
    private readonly consents: ConsentStore,
  ) {}

  async exchange(
    bank: SandboxBankDefinition,
    clientId: string,
    fields: Readonly<Record<string, string>>,
  ): Promise<TokenResponse> {
    const grantType = required(fields, 'grant_type');
    switch (grantType) {
      case 'client_credentials':
        return fields['registered_credential'] === undefined
          ? this.clientCredentials(bank, clientId, fields['scope'])
          : this.registeredAccount(bank, clientId, fields['registered_credential']);
      case 'authorization_code':
        return this.authorizationCode(bank, clientId, required(fields, 'code'), required(fields, 'redirect_uri'));
      case CIBA_GRANT_TYPE:
        return this.cibaToken(bank, clientId, required(fields, 'auth_req_id'));
      default:
        throw new OAuthError(400, 'unsupported_grant_type', `grant_type ${grantType} is not supported.`);
    }
  }

  private async clientCredentials(
    bank: SandboxBankDefinition,
    clientId: string,
    requested: string | undefined,
  ): Promise<TokenResponse> {
    const scopes = (requested ?? 'payments accounts').split(' ').filter((scope) => scope !== '');
    const unknown = scopes.find((scope) => !KNOWN_SCOPES.has(scope));
    if (unknown !== undefined || scopes.length === 0)
      throw new OAuthError(400, 'invalid_scope', `Unknown scope ${unknown ?? '(none)'}.`);
    return this.accessToken({ bankId: bank.id, clientId, scope: scopes.join(' ') }, TOKEN_LIFETIMES.clientToken);
  }

  /**
   * Sandbox-only: a client-credentials token bound to the account holder a registered credential
   * stands for (RegisteredCredentialsController); its payment consents are authorised at once.
   */
  private async registeredAccount(
    bank: SandboxBankDefinition,
    clientId: string,
    credential: string,
  ): Promise<TokenResponse> {
    const registered = await this.grants.find(bank.id, 'registered-account', credential);
    if (registered === null || registered.clientId !== clientId || registered.username === null)
      throw new OAuthError(400, 'invalid_grant', 'The registered credential is unknown, expired or another client’s.');
    return this.accessToken(
      { bankId: bank.id, clientId, scope: 'payments', username: registered.username },
      TOKEN_LIFETIMES.clientToken,
    );
  }

  private async authorizationCode(
    bank: SandboxBankDefinition,
    clientId: string,
    code: string,
    redirectUri: string,
  ): Promise<TokenResponse> {
    const grant = await this.grants.find(bank.id, 'code', code);
    if (grant === null || grant.clientId !== clientId || grant.redirectUri !== redirectUri) {
      throw new OAuthError(
        400,
        'invalid_grant',
        'The code is unknown, expired, or was issued to another client or redirect_uri.',
      );
    }
    if (!(await this.grants.transition(grant.id, 'active', 'used')))
      throw new OAuthError(400, 'invalid_grant', 'The code was already used.');
    return this.userToken(grant);
  }

  private async cibaToken(bank: SandboxBankDefinition, clientId: string, authReqId: string): Promise<TokenResponse> {
    const request = await this.grants.find(bank.id, 'ciba', authReqId);
    if (request === null || request.clientId !== clientId)
      throw new OAuthError(400, 'expired_token', 'The auth_req_id is unknown or expired.');
    const status = await this.ciba.settle(request);
    if (status === 'pending' || status === 'settling')
      throw new OAuthError(400, 'authorization_pending', 'The user has not answered yet.');
    if (status === 'denied') throw new OAuthError(400, 'access_denied', 'The user denied the request.');
    if (status !== 'approved' || !(await this.grants.transition(request.id, 'approved', 'used'))) {
      throw new OAuthError(400, 'invalid_grant', 'A token was already issued for this auth_req_id.');
    }
    return this.userToken(request);
  }

  private async userToken(grant: Grant): Promise<TokenResponse> {
    const consent = grant.consentId === null ? null : await this.consents.find(grant.bankId, grant.consentId);
    return this.accessToken(
      {
        bankId: grant.bankId,
        clientId: grant.clientId,
        scope: grant.scope,
        consentId: grant.consentId ?? undefined,
        username: grant.username ?? undefined,
      },
      consent?.kind === 'domestic-vrp' ? TOKEN_LIFETIMES.vrpUserToken : TOKEN_LIFETIMES.userToken,
    );
  }

  private async accessToken(
    fields: { bankId: string; clientId: string; scope: string; consentId?: string; username?: string },
    ttlSeconds: number,
  ): Promise<TokenResponse> {
    const { value } = await this.grants.issue({ ...fields, kind: 'access-token', status: 'active' }, ttlSeconds);
    return { access_token: value, token_type: 'Bearer', expires_in: ttlSeconds, scope: fields.scope };
  }
}
