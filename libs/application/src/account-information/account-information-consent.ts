import { Injectable } from '@nestjs/common';
import { Clock, GatewayError } from '#libs/common';
import { AisConsentRepository, BankRepository, type Bank } from '#libs/db';
import { consentCovers, type AccountRead, type MemberId } from '#libs/domain';
import { SecretBox } from '#libs/secrets';
import { tokenGrantSeal } from '../transfers/redeem-transfer.usecase.js';

/**
 * A usable consent: the member's ACTIVE access token and its bank's settings. The bank row and
 * the bank's grant (sealed at rest) are loaded only when the bank is to be asked: a read served
 * from what was kept needs neither.
 */
export interface AccountConsent {
  readonly tokenId: string;
  readonly memberId: string;
  readonly bankId: string;
  readonly tppInitiatedDailyLimit: number;
  feature(name: string): boolean;
  bank(): Promise<Bank>;
  grant(): Promise<string>;
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
    private readonly consents: AisConsentRepository,
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
    const row = await this.consents.findForMember(memberId, tokenId);
    if (row === null) throw GatewayError.notFound(tokenId, `Token ${tokenId} not found.`);
    if (row.kind !== 'ACCESS')
      throw new GatewayError('PermissionDenied', { message: `Token ${tokenId} is not an account-information token.` });
    const expired = row.expiresAt !== null && row.expiresAt.getTime() <= this.clock.nowMs();
    if (row.status !== 'ACTIVE' || expired)
      throw new GatewayError('ReauthenticationRequired', {
        message: `Token ${tokenId} is ${row.status === 'CANCELLED' ? 'cancelled' : 'expired'}: the user must authorise access again.`,
      });
    if (!consentCovers({ access: { resources: row.resources } }, read))
      throw new GatewayError('PermissionDenied', {
        message: `Token ${tokenId} does not grant access to ${read === 'standingOrders' ? 'standing orders' : read}.`,
      });
    const sealed = row.sealedGrant;
    const features = (row.features ?? {}) as Record<string, unknown>;
    if (sealed === null || row.tppInitiatedDailyLimit === null)
      throw new GatewayError('InternalServerError', { message: `Token ${tokenId} has no usable bank grant.` });
    let bank: Promise<Bank> | undefined;
    let grant: Promise<string> | undefined;
    return {
      tokenId: row.tokenId,
      memberId: row.memberId,
      bankId: row.bankId,
      tppInitiatedDailyLimit: row.tppInitiatedDailyLimit,
      feature: (name) => features[name] === true,
      bank: () =>
        (bank ??= this.banks.find(row.bankId).then((found) => {
          if (found === null)
            throw new GatewayError('InternalServerError', { message: `Bank ${row.bankId} is unknown.` });
          return found;
        })),
      grant: () =>
        (grant ??= this.secrets.open(tokenGrantSeal(row.tokenId), sealed).then((open) => open.toString('utf8'))),
    };
  }
}
