/**
 * ISO 20022 frequency codes of a standing order, as the interface's standingOrderBody.frequency
 * names them: daily, weekly, twice weekly, monthly, twice monthly, quarterly, half-yearly, yearly.
 */
export const STANDING_ORDER_FREQUENCIES = ['DAIL', 'WEEK', 'TOWK', 'MNTH', 'TOMN', 'QUTR', 'SEMI', 'YEAR'] as const;
export type StandingOrderFrequency = (typeof STANDING_ORDER_FREQUENCIES)[number];
