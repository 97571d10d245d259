import { Injectable } from '@nestjs/common';
import { ObieError } from '../http/obie-error.js';
import { GrantStore, type Grant } from '../store/grant.store.js';

export type ApiScope = 'payments' | 'accounts';

/**
 * The resource server's side of the tokens: client-credentials tokens for consent resources,
 * user (authorization code / CIBA) tokens bound to one consent for what the user authorised.
 */
@Injectable()
export class AccessTokens {
  constructor(private readonly grants: GrantStore) {}

  async clientToken(bankId: string, authorization: string | undefined, scope: ApiScope): Promise<Grant> {
    const grant = await this.bearer(bankId, authorization, scope);
    if (grant.consentId !== null) {
      throw new ObieError(
        403,
        'UK.OBIE.Header.Invalid',
        'This endpoint takes a client-credentials access token.',
        'Authorization',
      );
    }
    return grant;
  }

  /**
   * A user token authorising `consentId`; `fresh` checks it in Postgres, so a token revoked a
   * moment ago (by any process) is refused.
   */
  async userToken(
    bankId: string,
    authorization: string | undefined,
    scope: ApiScope,
    consentId: string,
    fresh = false,
  ): Promise<Grant & { username: string }> {
    const grant = await this.bearer(bankId, authorization, scope, fresh);
    if (grant.consentId === null || grant.username === null) {
      throw new ObieError(
        403,
        'UK.OBIE.Header.Invalid',
        'This endpoint takes an access token the user authorised.',
        'Authorization',
      );
    }
    if (grant.consentId !== consentId) {
      throw new ObieError(
        403,
        'UK.OBIE.Resource.ConsentMismatch',
        'The access token was issued for another consent.',
        'Data.ConsentId',
      );
    }
    return { ...grant, username: grant.username };
  }

  /**
   * Who may submit a payment order under `consentId`: the user's token for that consent, or a
   * token bound to a registered account (sandbox-only unattended payments: no consent, a
   * username) when the consent was authorised from that holder's account.
   */
  async submitterToken(
    bankId: string,
    authorization: string | undefined,
    consentId: string,
    consentUsername: () => Promise<string | null>,
  ): Promise<Grant & { username: string }> {
    const grant = await this.bearer(bankId, authorization, 'payments');
    if (grant.consentId === null && grant.username !== null) {
      if (grant.username !== (await consentUsername()))
        throw new ObieError(
          403,
          'UK.OBIE.Resource.ConsentMismatch',
          'The consent was not authorised from the registered account.',
          'Data.ConsentId',
        );
      return { ...grant, username: grant.username };
    }
    return this.userToken(bankId, authorization, 'payments', consentId);
  }

  /** A user token for whatever consent it was issued for (the account information API). */
  async anyUserToken(
    bankId: string,
    authorization: string | undefined,
    scope: ApiScope,
  ): Promise<Grant & { consentId: string; username: string }> {
    const grant = await this.bearer(bankId, authorization, scope);
    if (grant.consentId === null || grant.username === null) {
      throw new ObieError(
        403,
        'UK.OBIE.Header.Invalid',
        'This endpoint takes an access token the user authorised.',
        'Authorization',
      );
    }
    return { ...grant, consentId: grant.consentId, username: grant.username };
  }

  private async bearer(
    bankId: string,
    authorization: string | undefined,
    scope: ApiScope,
    fresh = false,
  ): Promise<Grant> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (token === undefined)
      throw new ObieError(401, 'UK.OBIE.Header.Missing', 'A Bearer access token is required.', 'Authorization');
    const grant = await this.grants.find(bankId, 'access-token', token, fresh);
    if (grant === null)
      throw new ObieError(
        401,
        'UK.OBIE.Header.Invalid',
        'The access token is unknown, expired or revoked.',
        'Authorization',
      );
    if (!grant.scope.split(' ').includes(scope)) {
      throw new ObieError(403, 'UK.OBIE.Header.Invalid', `The access token lacks the ${scope} scope.`, 'Authorization');
    }
    return grant;
  }
}
