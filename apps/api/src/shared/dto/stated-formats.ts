import { AMOUNT_VALUE_MAX_LENGTH, AMOUNT_VALUE_PATTERN, CURRENCY_CODE_PATTERN } from '#libs/domain';

/**
 * How the document states the accepted formats that many fields share. Given to ApiField, each
 * bound is also enforced (boundsCheck); the field's own rule then checks the value itself.
 */

/** The longest ISO 8601 date-time the gateway reads: seconds, nine fraction digits and an offset. */
export const DATE_TIME_MAX_LENGTH = '2026-12-01T10:00:00.123456789+01:00'.length;

export const AMOUNT_VALUE_FORMAT = {
  type: String,
  maxLength: AMOUNT_VALUE_MAX_LENGTH,
  pattern: AMOUNT_VALUE_PATTERN,
} as const;

export const CURRENCY_FORMAT = { type: String, maxLength: 3, pattern: CURRENCY_CODE_PATTERN } as const;

export const DATE_TIME_FORMAT = { type: String, format: 'date-time', maxLength: DATE_TIME_MAX_LENGTH } as const;

export const DATE_FORMAT = { type: String, format: 'date', maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
