import type { SettlementAccountListFilter } from '#libs/application';
import { TextParam } from '../../query-params/query-params.js';
import { SettlementLimitParam, SettlementOffsetParam } from './page-params.js';

/** GET /virtual-accounts query: the reference's paging and filters. */
export class ListVirtualAccountsQuery {
  static readonly fieldPath = '';

  @SettlementLimitParam()
  limit?: string;

  @SettlementOffsetParam()
  offset?: string;

  @TextParam('Only accounts in this ISO 4217 currency.', 3)
  currency?: string;

  @TextParam('Only accounts in this country (ISO 3166-1 alpha-2).', 2)
  country?: string;

  @TextParam('Only accounts with this accountNickName.', 50)
  nickname?: string;

  @TextParam('Only accounts opened for this sub-TPP.', 128)
  onBehalfOfId?: string;
}

export function toSettlementAccountListFilter(query: ListVirtualAccountsQuery): SettlementAccountListFilter {
  return {
    ...(query.currency === undefined ? {} : { currency: query.currency }),
    ...(query.country === undefined ? {} : { country: query.country }),
    ...(query.nickname === undefined ? {} : { nickname: query.nickname }),
    ...(query.onBehalfOfId === undefined ? {} : { onBehalfOfId: query.onBehalfOfId }),
  };
}

/** GET /virtual-accounts/{accountId}[/transactions/{providerPaymentId}] query. */
export class OnBehalfOfQuery {
  static readonly fieldPath = '';

  @TextParam('Only when the account was opened for this sub-TPP (404 otherwise).', 128)
  onBehalfOfId?: string;
}
