/**
 * What becomes of a payout, chosen by its creditor's name:
 * - containing `sandbox-payout-rejected`: REJECTED at once (AC04, closed account);
 * - containing `sandbox-payout-failed`: PROCESSING, then FAILED at the next status read (MS03);
 * - containing `sandbox-payout-pending`: PROCESSING however often it is read;
 * - anything else: PROCESSING, then SETTLED at the next status read.
 * A payout above the account's available balance is REJECTED at once (AM04) whatever the name.
 */
export const PAYOUT_STATUSES = ['PROCESSING', 'SETTLED', 'REJECTED', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** ISO 20022 reason codes the provider gives with a rejection or failure. */
export const PAYOUT_REASON_CODES = ['AM04', 'AC04', 'MS03'] as const;
export type PayoutReasonCode = (typeof PAYOUT_REASON_CODES)[number];

export type PayoutScenario = 'rejected' | 'failed' | 'pending' | 'settle';

export function payoutScenarioOf(creditorName: string): PayoutScenario {
  const name = creditorName.toLowerCase();
  if (name.includes('sandbox-payout-rejected')) return 'rejected';
  if (name.includes('sandbox-payout-failed')) return 'failed';
  if (name.includes('sandbox-payout-pending')) return 'pending';
  return 'settle';
}

/** Where a processing payout goes at its next status read (undefined: it stays). */
export function nextPayoutStatus(
  scenario: PayoutScenario,
): { readonly status: PayoutStatus; readonly reasonCode?: PayoutReasonCode } | undefined {
  switch (scenario) {
    case 'settle':
      return { status: 'SETTLED' };
    case 'failed':
      return { status: 'FAILED', reasonCode: 'MS03' };
    case 'pending':
    case 'rejected':
      return undefined;
  }
}
