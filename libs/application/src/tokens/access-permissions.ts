/**
 * The account-information permissions an access request's resource types ask the bank for, in
 * the UK Open Banking names the connectors take (OBExternalPermissions1Code; the Berlin Group
 * connector reads the same names as balances / transactions access). Accounts are always part of
 * it: every other resource is read per account.
 */
const PERMISSIONS_OF: Readonly<Record<string, readonly string[]>> = {
  ACCOUNTS: ['ReadAccountsDetail'],
  BALANCES: ['ReadBalances'],
  TRANSACTIONS: ['ReadTransactionsDetail', 'ReadTransactionsCredits', 'ReadTransactionsDebits'],
  TRANSFER_DESTINATIONS: ['ReadBeneficiariesDetail'],
  STANDING_ORDERS: ['ReadStandingOrdersDetail'],
};

/** The permissions for `resourceTypes`, without repeats; none given asks for none (the connector's default set). */
export function accessPermissionsOf(resourceTypes: readonly string[]): string[] {
  if (resourceTypes.length === 0) return [];
  const permissions = new Set<string>(PERMISSIONS_OF['ACCOUNTS']);
  for (const type of resourceTypes) for (const permission of PERMISSIONS_OF[type] ?? []) permissions.add(permission);
  return [...permissions];
}
