import { defineStatusMachine, type TransitionTable } from '../status-machine/status-machine.js';

/** Where a token stands: usable, cancelled by its member, or past its expiry. */
export const TOKEN_STATUSES = ['ACTIVE', 'CANCELLED', 'EXPIRED'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

/** An active token may be cancelled or expire; both ends are final. */
export const TOKEN_TRANSITIONS: TransitionTable<TokenStatus> = {
  ACTIVE: ['CANCELLED', 'EXPIRED'],
  CANCELLED: [],
  EXPIRED: [],
};

export const tokenStatusMachine = defineStatusMachine('token', TOKEN_TRANSITIONS);

/**
 * Whether a token can be used now (redeemed, or read account information with): active and not
 * past its expiry. A token past `expiresAt` is unusable even before a timer marks it EXPIRED.
 */
export function isTokenUsable(token: { readonly status: string; readonly expiresAt: Date | null }, now: Date): boolean {
  return token.status === 'ACTIVE' && (token.expiresAt === null || token.expiresAt.getTime() > now.getTime());
}
