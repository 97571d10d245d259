/**
 * A payout's description (the payment reference the creditor sees): letters and digits, with
 * space, hyphen, full stop, ampersand and forward slash allowed and not counted; at least 6
 * letters or digits, not all the same one (case aside); at most 18 characters in all for a
 * sort code and account number (SCAN) payout and 140 for an IBAN one.
 */
export const PAYOUT_DESCRIPTION_MIN_ALPHANUMERICS = 6;
export const PAYOUT_DESCRIPTION_MAX: Readonly<Record<PayoutScheme, number>> = { SCAN: 18, IBAN: 140 };

/** How the creditor's account is named: sort code and account number, or IBAN. */
export type PayoutScheme = 'SCAN' | 'IBAN';

const ALLOWED = /^[A-Za-z0-9 \-./&]*$/;

/** The problem with `value` as a description of a `scheme` payout (a phrase after the field's name), or undefined. */
export function checkPayoutDescription(value: string, scheme: PayoutScheme): string | undefined {
  if (!ALLOWED.test(value))
    return 'may only contain letters, digits, space, hyphen (-), full stop (.), ampersand (&) and forward slash (/)';
  const alphanumerics = value.replace(/[^A-Za-z0-9]/g, '');
  if (alphanumerics.length < PAYOUT_DESCRIPTION_MIN_ALPHANUMERICS)
    return `must have at least ${PAYOUT_DESCRIPTION_MIN_ALPHANUMERICS} letters or digits (space, hyphen, full stop, ampersand and forward slash are not counted)`;
  if (new Set(alphanumerics.toUpperCase()).size === 1) return 'must not be one letter or digit repeated';
  const max = PAYOUT_DESCRIPTION_MAX[scheme];
  if (value.length > max)
    return `must be at most ${max} characters for ${scheme === 'SCAN' ? 'a sort code and account number' : 'an IBAN'} payout (it has ${value.length})`;
  return undefined;
}
