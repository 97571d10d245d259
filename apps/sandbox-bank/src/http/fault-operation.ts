import type { FaultSettings } from '../banks/sandbox-bank-definition.js';

/**
 * Where a call's operation is named in its path: the standard's resource (OBIE `pisp/` and
 * `aisp/` resources, XS2A `v1/` resources), the authorisation server's endpoint, the settlement
 * API's resource. Sub-resources belong to their resource (`domestic-payments/{id}/payment-details`
 * is `domestic-payments`).
 */
const OPERATION_PATTERNS: readonly RegExp[] = [
  /^\/banks\/[^/]+\/open-banking\/v[\d.]+\/(?:pisp|aisp|cbpii)\/([^/?]+)/,
  /^\/banks\/[^/]+\/v1\/([^/?]+)/,
  /^\/banks\/[^/]+\/as\/([^/?]+)/,
  /^\/settlement\/v1\/([^/?]+)/,
];

/** The operation a call's URL names (`domestic-payments`, `payments`, `token`, `payouts` ...), or undefined. */
export function faultOperationOf(url: string): string | undefined {
  const path = url.split('?')[0] ?? '';
  for (const pattern of OPERATION_PATTERNS) {
    const operation = pattern.exec(path)?.[1];
    if (operation !== undefined) return operation;
  }
  return undefined;
}

/** Whether the faults apply to the operation: every operation when `only` names none. */
export function faultApplies(faults: FaultSettings, operation: string | undefined): boolean {
  return faults.only.length === 0 || (operation !== undefined && faults.only.includes(operation));
}

/** A call changes something at the bank (lost and late answers apply to these only). */
export function changesSomething(method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
