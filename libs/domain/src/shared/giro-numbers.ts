/**
 * Swedish giro numbers. A bankgiro number has 7 or 8 digits, a PlusGiro number 2 to 8; both end
 * in a mod-10 (Luhn) check digit. They are accepted with the usual printed hyphen (`5050-1055`,
 * `28 65 43-4`) and spaces, and kept as digits only.
 */
export function normalizeGiroNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod-10, weights 1 and 2 from the right) check over all digits, check digit included. */
export function hasLuhnCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

function checkGiro(value: string, min: number, max: number, what: string): string | undefined {
  const raw = value.trim();
  if (!/^[\d\s-]+$/.test(raw) || /^-|-$/.test(raw) || (raw.match(/-/g)?.length ?? 0) > 1)
    return `must be a ${what} of ${min} to ${max} digits`;
  const digits = normalizeGiroNumber(raw);
  if (digits.length < min || digits.length > max) return `must be a ${what} of ${min} to ${max} digits`;
  return hasLuhnCheckDigit(digits) ? undefined : 'has an invalid check digit';
}

export function checkBankgiroNumber(value: string): string | undefined {
  return checkGiro(value, 7, 8, 'bankgiro number');
}

export function checkPlusgiroNumber(value: string): string | undefined {
  return checkGiro(value, 2, 8, 'PlusGiro number');
}
