/** An operation of the interface the gateway does not serve yet: answered 501 `UNIMPLEMENTED`. */
export interface RouteNotBuilt {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Nest/Fastify path, parameters as `:name`. */
  readonly path: string;
}

/**
 * The interface's operations with no route yet, by domain. A domain that lands removes its rows;
 * a test checks that every operation of the interface is either served or listed here.
 */
export const ROUTES_NOT_BUILT: readonly RouteNotBuilt[] = [
  // Payments v1: token requests, tokens and transfers
  // Variable recurring payments
  // Settlement accounts and rules
  { method: 'POST', path: 'virtual-accounts/:accountId/settlement-rule' },
  { method: 'GET', path: 'virtual-accounts/:accountId/settlement-rules' },
  { method: 'GET', path: 'virtual-accounts/:accountId/settlement-rules/:settlementRuleId' },
  { method: 'DELETE', path: 'virtual-accounts/:accountId/settlement-rules/:settlementRuleId' },
  { method: 'GET', path: 'virtual-accounts/:accountId/settlement-rule-payouts' },
];
