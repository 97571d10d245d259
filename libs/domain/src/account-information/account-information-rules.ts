/** Account-information reads and what each needs of the user's consent (the token's access resources). */
export const ACCOUNT_READS = ['accounts', 'balances', 'transactions', 'standingOrders'] as const;
export type AccountRead = (typeof ACCOUNT_READS)[number];

/** The AccessBodyResource key a token must list for each read (as GET /tokens shows it). */
export const ACCESS_RESOURCE_OF: Readonly<Record<AccountRead, string>> = {
  accounts: 'account',
  balances: 'balance',
  transactions: 'transactions',
  standingOrders: 'standingOrders',
};

/** TPP-initiated calls (no user present) are counted over this rolling window. */
export const TPP_INITIATED_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The allowance a bank gives when its catalogue entry names none (the UK regulation's four a day). */
export const DEFAULT_TPP_INITIATED_DAILY_LIMIT = 4;

/** Whether one more TPP-initiated call fits: `used` calls so far in the window. */
export function tppInitiatedCallAllowed(used: number, limit: number): boolean {
  return used < limit;
}

/** The resource keys a token's payload grants (`payload.access.resources[*]` keys). */
export function grantedResources(payload: unknown): ReadonlySet<string> {
  const access = (payload as { access?: { resources?: unknown } } | null)?.access;
  const resources = Array.isArray(access?.resources) ? (access.resources as unknown[]) : [];
  return new Set(
    resources.flatMap((resource) => (typeof resource === 'object' && resource !== null ? Object.keys(resource) : [])),
  );
}

/** Whether the token's consent covers `read`. */
export function consentCovers(payload: unknown, read: AccountRead): boolean {
  return grantedResources(payload).has(ACCESS_RESOURCE_OF[read]);
}
