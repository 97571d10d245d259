import type { PaymentLocalInstrument } from '../shared/payment-fields.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * How many days after the bank's final status a payment to a settlement account waits for its
 * credit, by rail: SEPA credits may take days to arrive, so SEPA and SEPA_INSTANT wait 15 days;
 * every other rail one day.
 */
export const SETTLEMENT_WINDOW_DAYS: Readonly<Record<PaymentLocalInstrument, number>> = {
  SEPA: 15,
  SEPA_INSTANT: 15,
  FASTER_PAYMENTS: 1,
  ELIXIR: 1,
  EU_DOMESTIC_NON_EURO: 1,
  EU_DOMESTIC_NON_EURO_INSTANT: 1,
  BANKGIRO: 1,
  PLUSGIRO: 1,
};

/** The settlement window of a payment on `localInstrument` (a rail not known here: one day). */
export function settlementWindowDays(localInstrument: string): number {
  return Object.hasOwn(SETTLEMENT_WINDOW_DAYS, localInstrument)
    ? SETTLEMENT_WINDOW_DAYS[localInstrument as PaymentLocalInstrument]
    : 1;
}

/** When the settlement window of a payment that reached the bank's final status at `from` ends. */
export function settlementWindowEnd(localInstrument: string, from: Date): Date {
  return new Date(from.getTime() + settlementWindowDays(localInstrument) * DAY_MS);
}

/** The statusReasonInformation of a payment whose window ended without its credit. */
export function windowEndedReason(localInstrument: string): string {
  const days = settlementWindowDays(localInstrument);
  return `No credit settling the payment arrived on the settlement account within the settlement window (${days} day${days === 1 ? '' : 's'}).`;
}
