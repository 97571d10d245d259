import type { CreateSettlementAccountCommand, OnBehalfOfMember } from '#libs/application';
import {
  ACCOUNT_NICK_NAME_MAX,
  checkAccountNickName,
  checkSettlementCountry,
  checkSettlementCurrency,
  SETTLEMENT_CURRENCIES,
} from '#libs/domain';
import { TextField } from '../../shared/dto/field-decorators.js';

/** POST /virtual-accounts: the reference's CreateVirtualAccountRequest. */
export class CreateVirtualAccountRequest {
  static readonly fieldPath = '';

  @TextField({
    required: true,
    max: 3,
    rule: checkSettlementCurrency,
    description: `The account's ISO 4217 currency: ${SETTLEMENT_CURRENCIES.join(' or ')} (EUR accounts have an IBAN and BIC, GBP accounts a sort code and account number).`,
    example: 'EUR',
  })
  currency!: string;

  @TextField({
    required: true,
    max: 2,
    rule: checkSettlementCountry,
    description: 'The country the account is held in: ISO 3166-1 alpha-2, upper case.',
    example: 'DE',
  })
  country!: string;

  @TextField({
    max: ACCOUNT_NICK_NAME_MAX,
    rule: checkAccountNickName,
    description: 'A name the member gives the account: up to 50 letters, digits, hyphens, underscores and spaces.',
    example: 'Marketplace EUR',
  })
  accountNickName?: string;

  @TextField({
    max: 128,
    description:
      'The sub-TPP the account is opened for (one of the member’s ACTIVATED sub-TPPs); required of unregulated members.',
  })
  onBehalfOfId?: string;
}

export function toCreateSettlementAccountCommand(
  member: OnBehalfOfMember,
  body: CreateVirtualAccountRequest,
): CreateSettlementAccountCommand {
  const nickName = body.accountNickName?.trim();
  const onBehalfOfId = body.onBehalfOfId?.trim();
  return {
    memberId: member.memberId,
    regulated: member.regulated,
    currency: body.currency,
    country: body.country,
    ...(nickName === undefined || nickName === '' ? {} : { accountNickName: nickName }),
    ...(onBehalfOfId === undefined ? {} : { onBehalfOfId }),
  };
}
