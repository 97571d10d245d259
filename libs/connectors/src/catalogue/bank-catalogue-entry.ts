import type { LocalInstrument } from '../bank-types.js';

/** The capability flags the interface's bank filters name (`bank_features.<feature>.value` and v2 booleans). */
export const BANK_FEATURES = [
  'supports_send_payment',
  'supports_receive_payment',
  'supports_balance',
  'supports_scheduled_payment',
  'supports_standing_order',
  'requires_one_step_payment',
  'supports_funds_confirmation',
  'supports_return_refund_account',
  'supports_return_refund_account_holder_name',
  'supports_transactions_date_filter',
  'supports_account_information',
  'supports_account_list',
  'supports_account_details',
  'supports_transaction_list',
  'supports_transaction_details',
  'supports_standing_order_list',
  'supports_single_payment',
  'supports_variable_recurring_payment',
] as const;
export type BankFeature = (typeof BANK_FEATURES)[number];

export const OPEN_BANKING_STANDARDS = ['UK_OPEN_BANKING_STANDARD', 'BERLIN_GROUP_STANDARD'] as const;
export type OpenBankingStandard = (typeof OPEN_BANKING_STANDARDS)[number];

export const SCA_APPROACHES = ['REDIRECT', 'EMBEDDED', 'DECOUPLED'] as const;
export type ScaApproach = (typeof SCA_APPROACHES)[number];

/**
 * One bank as the catalogue file describes it. Adding a bank is a catalogue entry, not code:
 * `connector.type` picks the connector implementation and `connector.settings` configures it
 * (base URLs, client id, key references; `${SANDBOX_BANK_URL}` is replaced at load time).
 */
export interface BankCatalogueEntry {
  readonly id: string;
  readonly name: string;
  readonly countries: readonly string[];
  readonly bics: readonly string[];
  /** Other bank codes the bankCode filter matches (e.g. German BLZ). */
  readonly bankCodes?: readonly string[];
  readonly logoUri: string;
  /** Full-size logo (the v1 list's `fullLogoUri`). */
  readonly fullLogoUri?: string;
  readonly provider: string;
  readonly bankGroup?: string;
  readonly bankSubGroup?: string;
  readonly openBankingStandard: OpenBankingStandard;
  readonly supportedLocalInstruments: readonly LocalInstrument[];
  readonly scaApproaches: readonly ScaApproach[];
  readonly features: Readonly<Record<BankFeature, boolean>>;
  /** Position in RANK-sorted lists (lower first). */
  readonly rank?: number;
  /** The bank's days and hours of operation, as free text (the lists' `operationalTime`). */
  readonly operationalTime?: string;
  /** Transaction records the bank returns per page: -1 (unlimited, the default) or a positive number. */
  readonly transactionHistoryLimit?: number;
  /** Account-information calls without the user present the bank allows per token in 24 hours (default 4). */
  readonly tppInitiatedDailyLimit?: number;
  /** Seconds between status polls of a non-final payment, by attempt (last value repeats). */
  readonly pollingScheduleSeconds?: readonly number[];
  readonly connector: {
    readonly type: 'obie' | 'berlin-group';
    readonly settings: Readonly<Record<string, unknown>>;
  };
}
