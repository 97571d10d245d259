import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { BankRepository, TokenRepository, type Bank, type Token } from '#libs/db';
import { consentCovers, type AccountRead, type MemberId } from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { tokenGrantSeal } from '../transfers/redeem-transfer.usecase.js';

/** A usable consent: the member's ACTIVE access token, its bank and the bank's grant (opened). */
export interface AccountConsent {
  readonly token: Token;
  readonly bank: Bank;
  readonly grant: string;
}

/**
 * The `on-behalf-of` token of an account-information call, checked before any bank is asked:
 * missing: 400; unknown or another member's: 404 (its existence is not revealed); not an access
 * token, or one without the resource the read needs: 403 PermissionDenied; cancelled or expired:
 * 403 ReauthenticationRequired (the user must authorise access again).
 */
@Injectable()
export class AccountInformationConsent {
  constructor(
    private readonly tokens: TokenRepository,
    private readonly banks: BankRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
  ) {}

  async resolve(memberId: MemberId, tokenId: string | undefined, read: AccountRead): Promise<AccountConsent> {
    if (tokenId === undefined || tokenId === '')
      throw GatewayError.invalidField(
        'on-behalf-of',
        'on-behalf-of is required: the tokenId of the user’s consent.',
        'Field.Expected',
      );
    const token = await this.tokens.findForMember(memberId, tokenId);
    if (token === null) throw GatewayError.notFound(tokenId, `Token ${tokenId} not found.`);
    if (token.kind !== 'ACCESS')
      throw new GatewayError('PermissionDenied', {
        message: `Token ${tokenId} is not an account-information token.`,
      });
    const expired = token.expiresAt !== null && token.expiresAt.getTime() <= this.clock.nowMs();
    if (token.status !== 'ACTIVE' || expired)
      throw new GatewayError('ReauthenticationRequired', {
        message: `Token ${tokenId} is ${token.status === 'CANCELLED' ? 'cancelled' : 'expired'}: the user must authorise access again.`,
      });
    if (!consentCovers(token.payload, read))
      throw new GatewayError('PermissionDenied', {
        message: `Token ${tokenId} does not grant access to ${read === 'standingOrders' ? 'standing orders' : read}.`,
      });
    const bank = await this.banks.find(token.bankId);
    if (bank === null || token.sealedGrant === null)
      throw new GatewayError('InternalServerError', { message: `Token ${tokenId} has no usable bank grant.` });
    const grant = (await this.secrets.open(tokenGrantSeal(token.id), token.sealedGrant)).toString('utf8');
    return { token, bank, grant };
  }
}
