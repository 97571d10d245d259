import { readById } from '../views/read-by-id.js';
import { SETTLEMENT_ACCOUNT_STATUS, type SettlementAccount } from './settlement-account-row.js';
import { SETTLEMENT_ACCOUNT_OPENING, SETTLEMENT_ACCOUNT_REFUSED } from './settlement-account-statuses.js';

/**
 * What the API shows of a settlement account (the VirtualAccount resource): the columns GET
 * /virtual-accounts/{id} reads, the balances as their decimal text; never the provider's ids or
 * the credit cursor.
 */
export type SettlementAccountView = Pick<
  SettlementAccount,
  | 'id'
  | 'status'
  | 'currency'
  | 'country'
  | 'accountNickName'
  | 'accountName'
  | 'iban'
  | 'bic'
  | 'sortCode'
  | 'accountNumber'
  | 'onBehalfOfId'
  | 'createdAt'
  | 'updatedAt'
> & { readonly bookedBalance: string; readonly availableBalance: string; readonly clearedBalance: string };

/** The member's account once its provider opened it (an OPENING or REFUSED one reads as unknown). */
export const readSettlementAccountView = readById<SettlementAccountView>({
  name: 'settlement-account-view-by-id',
  table: 'settlement_account',
  memberColumn: 'member_id',
  where: `t.status NOT IN ('${SETTLEMENT_ACCOUNT_OPENING}', '${SETTLEMENT_ACCOUNT_REFUSED}')`,
  parsed: { status: SETTLEMENT_ACCOUNT_STATUS.parse },
  columns: {
    id: 'id',
    status: 'status',
    currency: 'currency',
    country: 'country',
    accountNickName: 'account_nick_name',
    accountName: 'account_name',
    iban: 'iban',
    bic: 'bic',
    sortCode: 'sort_code',
    accountNumber: 'account_number',
    onBehalfOfId: 'on_behalf_of_id',
    createdAt: 'created_at',
    updatedAt: 'updated_at',
    bookedBalance: 'booked_balance',
    availableBalance: 'available_balance',
    clearedBalance: 'cleared_balance',
  },
});
