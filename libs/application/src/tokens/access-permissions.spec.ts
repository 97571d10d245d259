import { describe, expect, it } from 'vitest';
import { accessPermissionsOf } from './access-permissions.js';

describe('accessPermissionsOf', () => {
  it('maps each resource type to the permissions the connectors take, accounts always included', () => {
    expect(accessPermissionsOf(['BALANCES'])).toEqual(['ReadAccountsDetail', 'ReadBalances']);
    expect(accessPermissionsOf(['ACCOUNTS', 'TRANSACTIONS', 'TRANSACTIONS'])).toEqual([
      'ReadAccountsDetail',
      'ReadTransactionsDetail',
      'ReadTransactionsCredits',
      'ReadTransactionsDebits',
    ]);
    expect(accessPermissionsOf(['TRANSFER_DESTINATIONS', 'STANDING_ORDERS'])).toEqual([
      'ReadAccountsDetail',
      'ReadBeneficiariesDetail',
      'ReadStandingOrdersDetail',
    ]);
  });

  it('asks for nothing when no resource type is named (the connector then asks for its default set)', () => {
    expect(accessPermissionsOf([])).toEqual([]);
  });
});
