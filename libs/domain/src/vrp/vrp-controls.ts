/**
 * What a variable recurring payment (VRP) consent allows, as the limit engine reads it (UK Open
 * Banking control parameters). Amounts are decimal strings with at most 4 fraction digits, all in
 * the consent's currency.
 */

/** The length of a periodic limit's period. */
export const VRP_PERIOD_TYPES = ['DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export type VrpPeriodType = (typeof VRP_PERIOD_TYPES)[number];

/** Whether periods count from the consent's start date or follow the calendar. */
export const VRP_PERIOD_ALIGNMENTS = ['CONSENT', 'CALENDAR'] as const;
export type VrpPeriodAlignment = (typeof VRP_PERIOD_ALIGNMENTS)[number];

/** The zone UK banks count VRP periods in. */
export const UK_VRP_TIME_ZONE = 'Europe/London';

/** At most `maximumAmount` in total in each period of `periodType`, aligned as `periodAlignment`. */
export interface VrpPeriodicLimit {
  readonly maximumAmount: string;
  readonly periodType: VrpPeriodType;
  readonly periodAlignment: VrpPeriodAlignment;
}

export interface VrpControls {
  readonly currency: string;
  readonly minimumIndividualAmount?: string;
  readonly maximumIndividualAmount: string;
  /** All apply together: a payment must fit every one of them. */
  readonly periodicLimits: readonly VrpPeriodicLimit[];
  /** Total payments allowed under the consent; 0 or absent: no limit. */
  readonly maximumOccurrences?: number;
  /** The consent's start (or its creation time); its date in `timeZone` anchors CONSENT periods. */
  readonly startDateTime: Date;
  /** Payments are allowed before this instant only. */
  readonly endDateTime?: Date;
  /** IANA zone the periods are counted in ('Europe/London' for UK banks). */
  readonly timeZone: string;
}

/** A payment already made under the consent that counts towards its limits (not failed or rejected). */
export interface CountedVrp {
  readonly amount: string;
  readonly at: Date;
}
