/**
 * The sandbox provider's payee check, answered with the EPC Verification of Payee codes:
 * MTCH (match), CMTC (close match: the holder's name is given back), NMTC (no match), NOAP
 * (the check cannot be made).
 *
 * - a name containing `sandbox-vop-unavailable`: NOAP;
 * - an account of the provider: the holder's name exactly is MTCH; the same name differing only
 *   in case, punctuation or spacing, or with its first word cut to its initial (`A Trading Ltd`
 *   for `Acme Trading Ltd`), is CMTC; anything else NMTC. Identifiers at the provider's bank
 *   that name no account are NMTC with accountFound false;
 * - any other account: `Jane Doe` is MTCH, `J Doe` CMTC (holder `Jane Doe`), anything else NMTC.
 */
export const PAYEE_CHECK_RESULTS = ['MTCH', 'CMTC', 'NMTC', 'NOAP'] as const;
export type PayeeCheckResult = (typeof PAYEE_CHECK_RESULTS)[number];

export interface PayeeCheck {
  readonly result: PayeeCheckResult;
  /** The holder's name, given with a close match. */
  readonly matchedName?: string;
  /** False when the identifiers are at the provider's bank but name no account. */
  readonly accountFound?: boolean;
}

/** The name of the holder of every account not at the provider. */
export const OUTSIDE_HOLDER = 'Jane Doe';
export const UNAVAILABLE_MARKER = 'sandbox-vop-unavailable';

function normalised(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function withInitial(name: string): string {
  const [first = '', ...rest] = normalised(name).split(' ');
  return [first.slice(0, 1), ...rest].join(' ');
}

/** How `given` compares with the holder's name `holder`. */
export function compareNames(given: string, holder: string): PayeeCheck {
  if (given.trim() === holder) return { result: 'MTCH' };
  const close =
    normalised(given) === normalised(holder) ||
    (normalised(holder).includes(' ') && normalised(given) === withInitial(holder));
  return close ? { result: 'CMTC', matchedName: holder } : { result: 'NMTC' };
}

/** The check, given the holder of the account when the provider holds it (null: at its bank, but no such account; undefined: elsewhere). */
export function checkPayee(given: string, holder: string | null | undefined): PayeeCheck {
  if (given.toLowerCase().includes(UNAVAILABLE_MARKER)) return { result: 'NOAP' };
  if (holder === null) return { result: 'NMTC', accountFound: false };
  return compareNames(given, holder ?? OUTSIDE_HOLDER);
}
