import { isOpenAt, nextOpening, parseOperatingHours, type BankOpening } from '../banks/operating-hours.js';
import type { TokenRequestPayloadInput } from '../tokens/token-request-payload.js';

/** What the decision reads of the bank: its catalogue features and operating hours. */
export interface ConversionBank {
  /** Catalogue feature flags; a missing flag is false. */
  readonly features: Readonly<Record<string, boolean>>;
  /** The catalogue's free-text operationalTime. */
  readonly operationalTime: string | null;
}

/**
 * Whether a transfer token request authorised at `bank` at `now` is made as a future-dated
 * payment for the bank's next opening instead of an immediate one: only an immediate request
 * (no transferBody.executionDate) that does not set disableFutureDatedPaymentConversion, at a
 * bank that takes scheduled payments, whose hours read (see parseOperatingHours) and say it is
 * closed at `now`. The opening it is dated for, or null for an immediate payment.
 */
export function futureDatedConversion(
  payload: Pick<TokenRequestPayloadInput, 'transferBody' | 'disableFutureDatedPaymentConversion'>,
  bank: ConversionBank,
  now: Date,
): BankOpening | null {
  if (payload.transferBody === undefined || payload.transferBody.executionDate !== undefined) return null;
  if (payload.disableFutureDatedPaymentConversion === true) return null;
  if (bank.features['supports_scheduled_payment'] !== true) return null;
  const hours = parseOperatingHours(bank.operationalTime);
  if (hours === null || isOpenAt(hours, now)) return null;
  return nextOpening(hours, now);
}
