/**
 * Free-text references of a payment: refId and the remittance information. Lengths count
 * Unicode characters (code points) of the trimmed text. Any printable character is accepted;
 * control characters (line breaks, tabs, C0/C1 codes) are refused because bank formats cannot
 * carry them. The characters the interface recommends (Latin letters A-Z, digits 0-9, hyphen)
 * are not enforced: banks may drop others on the way to the beneficiary, which
 * `usesRecommendedCharacters` lets a caller warn about.
 */

export const REF_ID_MAX_LENGTH = 18;
export const REMITTANCE_PRIMARY_MAX_LENGTH = 35;
/** UK Faster Payments carry an 18-character reference. */
export const REMITTANCE_PRIMARY_FASTER_PAYMENTS_MAX_LENGTH = 18;
export const REMITTANCE_SECONDARY_MAX_LENGTH = 140;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const RECOMMENDED_CHARACTERS = /^[A-Za-z0-9-]*$/;

/** What the gateway stores for a text field: the value without surrounding white space. */
export function normalizeText(value: string): string {
  return value.trim();
}

export function characterCount(value: string): number {
  return [...value].length;
}

export function usesRecommendedCharacters(value: string): boolean {
  return RECOMMENDED_CHARACTERS.test(normalizeText(value));
}

/**
 * A text of at most `max` characters after trimming, not blank, without control characters.
 * Returns the problem as a phrase, or undefined.
 */
export function checkText(value: string, max: number): string | undefined {
  const text = normalizeText(value);
  if (text === '') return 'must not be empty';
  if (CONTROL_CHARACTERS.test(text)) return 'must not contain control characters (line breaks, tabs and the like)';
  const length = characterCount(text);
  if (length > max) return `must be at most ${max} characters (it has ${length})`;
  return undefined;
}

export function checkRefId(value: string): string | undefined {
  return checkText(value, REF_ID_MAX_LENGTH);
}

/** At most 35 characters, or 18 when the payment goes over FASTER_PAYMENTS. */
export function checkRemittancePrimary(value: string, localInstrument?: string): string | undefined {
  if (localInstrument === 'FASTER_PAYMENTS') {
    const problem = checkText(value, REMITTANCE_PRIMARY_FASTER_PAYMENTS_MAX_LENGTH);
    return problem?.startsWith('must be at most') === true ? `${problem} for FASTER_PAYMENTS` : problem;
  }
  return checkText(value, REMITTANCE_PRIMARY_MAX_LENGTH);
}

export function checkRemittanceSecondary(value: string): string | undefined {
  return checkText(value, REMITTANCE_SECONDARY_MAX_LENGTH);
}
