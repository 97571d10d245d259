import type { PaymentFlowType } from '../../shared/payment-fields.js';

/**
 * bankId is required with EMBEDDED_HOSTED_PAGES (the hosted pages only collect credentials, the
 * TPP picked the bank). Without it, API_ONLY and FULL_HOSTED_PAGES send the user to the hosted
 * bank selection.
 */
export function checkBankIdForFlow(
  bankId: string | undefined,
  flowType: PaymentFlowType | undefined,
): string | undefined {
  return flowType === 'EMBEDDED_HOSTED_PAGES' && bankId === undefined
    ? 'is required when flowType is EMBEDDED_HOSTED_PAGES'
    : undefined;
}
