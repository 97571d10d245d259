import type { SettlementAccountStatus } from '#libs/domain';

/**
 * The status of an account stored before its provider opened it: never answered to members and
 * never read for credits until its lifecycle gives it the provider's status and identifiers.
 */
export const SETTLEMENT_ACCOUNT_OPENING = 'OPENING' satisfies SettlementAccountStatus;
/** The status of an account its provider refused to open: kept for the record, never answered. */
export const SETTLEMENT_ACCOUNT_REFUSED = 'REFUSED' satisfies SettlementAccountStatus;
