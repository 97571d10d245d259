import type { VrpPeriodAlignment, VrpPeriodicLimit } from '../vrp/vrp-controls.js';

/** The VRP consent initiation as the gateway keeps it (the reference's VrpConsentInitiation). */

/**
 * The VRP schemes: OBL_SWEEPING is the reference's one value; OBL_COMMERCIAL is the gateway's
 * extension for commercial VRP (the UK standard's UK.OBIE.VRPType.Other).
 */
export const VRP_SCHEMES = ['OBL_SWEEPING', 'OBL_COMMERCIAL'] as const;
export type VrpScheme = (typeof VRP_SCHEMES)[number];

export const VRP_LOCAL_INSTRUMENTS = ['FASTER_PAYMENTS'] as const;
export type VrpLocalInstrument = (typeof VRP_LOCAL_INSTRUMENTS)[number];

/** The alignment of a periodic limit that names none. */
export const DEFAULT_VRP_PERIOD_ALIGNMENT: VrpPeriodAlignment = 'CONSENT';

/** The bank catalogue feature of banks that take VRP consents. */
export const VRP_BANK_FEATURE = 'supports_variable_recurring_payment';

/** The time zone VRP periods are counted in at UK banks (calendar days, weeks, months, years). */
export const UK_BANK_TIME_ZONE = 'Europe/London';

/** The time zone of a bank's VRP periods: UK Open Banking banks count in UK time. */
export function vrpBankTimeZone(countries: readonly string[]): string {
  return countries.includes('IE') && !countries.includes('GB') ? 'Europe/Dublin' : UK_BANK_TIME_ZONE;
}

/** A creditor or debtor: a UK account (sort code and account number) with its holder. */
export interface VrpParty {
  readonly name?: string;
  readonly sortCode?: string;
  readonly accountNumber?: string;
  readonly ultimateCreditorName?: string;
  readonly ultimateDebtorName?: string;
  readonly bankName?: string;
  readonly address?: Readonly<Record<string, unknown>>;
}

export interface VrpConsentInitiationInput {
  readonly bankId?: string;
  readonly refId: string;
  readonly remittanceInformationPrimary: string;
  readonly remittanceInformationSecondary?: string;
  /** ISO 8601 date-time; the creation time when absent. */
  readonly startDateTime?: string;
  readonly endDateTime?: string;
  readonly onBehalfOfId?: string;
  readonly scheme: VrpScheme;
  readonly localInstrument: VrpLocalInstrument;
  readonly debtor?: VrpParty;
  readonly creditor: VrpParty & { readonly name: string };
  readonly currency: string;
  readonly minimumIndividualAmount?: string;
  readonly maximumIndividualAmount: string;
  readonly periodicLimits: readonly VrpPeriodicLimit[];
  /** Payments allowed under the consent; 0 (or absent) sets no limit. */
  readonly maximumOccurrences?: number;
  readonly callbackUrl: string;
  readonly callbackState: string;
  readonly returnRefundAccount?: boolean;
  readonly risk?: Readonly<Record<string, unknown>>;
}

/** An ISO 8601 date-time with a time zone (Z or an offset), as the consent's dates are given. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

export function checkVrpDateTime(value: string): string | undefined {
  return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : 'must be an ISO 8601 date-time with a time zone, such as 2026-05-01T10:00:00Z';
}

/** maximumOccurrences: a whole number, 0 (no limit) or more. */
export function checkMaximumOccurrences(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 2_147_483_647
    ? undefined
    : 'must be a whole number from 0 (no limit) to 2147483647';
}
