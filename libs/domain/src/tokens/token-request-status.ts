import { defineStatusMachine, type TransitionTable } from '../status-machine/status-machine.js';

/** The interface's TokenRequestResultStatus. */
export const TOKEN_REQUEST_STATUSES = ['PENDING', 'PROCESSED', 'REJECTED', 'EXPIRED'] as const;
export type TokenRequestStatus = (typeof TOKEN_REQUEST_STATUSES)[number];

/**
 * A token request waits (PENDING) until the user authorises (PROCESSED, the token exists), the
 * bank or the user refuses (REJECTED), or the authorisation window passes (EXPIRED). Each end is
 * final.
 */
export const TOKEN_REQUEST_TRANSITIONS: TransitionTable<TokenRequestStatus> = {
  PENDING: ['PROCESSED', 'REJECTED', 'EXPIRED'],
  PROCESSED: [],
  REJECTED: [],
  EXPIRED: [],
};

export const tokenRequestStatusMachine = defineStatusMachine('token request', TOKEN_REQUEST_TRANSITIONS);
