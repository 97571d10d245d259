// Generated from openapi.json by test/e2e/sdk-document.e2e.spec.ts (`npm run sdk:generate`).

/** The operations that take an Idempotency-Key header. */
export const IDEMPOTENCY_KEY_OPERATIONS: readonly string[] = [
  'POST /payouts',
  'POST /refunds',
  'POST /token-requests',
  'POST /transfers',
  'POST /v2/payments',
  'POST /virtual-accounts',
  'POST /vrp-consents',
];
