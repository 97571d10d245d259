import { defineStatusMachine, type TransitionTable } from '../status-machine/status-machine.js';

/** The reference's member.SubTpp.Status values (INVALID_STATUS is its unset default, never stored). */
export const SUB_TPP_STATUSES = [
  'INVALID_STATUS',
  'ACTIVATED',
  'REJECTED',
  'AWAITING_APPROVAL',
  'DEACTIVATED',
] as const;
export type SubTppStatus = (typeof SUB_TPP_STATUSES)[number];

/**
 * The sub-TPP status machine. The old onboarding flow activates a sub-TPP as it is created; the
 * new flow (useNewFlow) starts it AWAITING_APPROVAL, an onboarding review that ends ACTIVATED or
 * REJECTED. A deleted sub-TPP is DEACTIVATED, which is final.
 */
const SUB_TPP_TRANSITIONS: TransitionTable<SubTppStatus> = {
  INVALID_STATUS: [],
  AWAITING_APPROVAL: ['ACTIVATED', 'REJECTED', 'DEACTIVATED'],
  ACTIVATED: ['DEACTIVATED'],
  REJECTED: ['DEACTIVATED'],
  DEACTIVATED: [],
};

export const SUB_TPP_STATUS_MACHINE = defineStatusMachine('sub-TPP', SUB_TPP_TRANSITIONS);

/** A new sub-TPP's status: the flow the create request chose decides it. */
export function initialSubTppStatus(useNewFlow: boolean): SubTppStatus {
  return useNewFlow ? 'AWAITING_APPROVAL' : 'ACTIVATED';
}

/** Whether payments may name the sub-TPP (initiation.onBehalfOfId). */
export function isSubTppActive(status: string): boolean {
  return status === 'ACTIVATED';
}
