/** Amounts are decimal strings with at most this many fraction digits. */
export const MINOR_UNIT_SCALE = 4;

const UNITS_PER_WHOLE = 10n ** BigInt(MINOR_UNIT_SCALE);

/**
 * A decimal string as an integer count of 1/10^4 units (amounts carry at most 4 fraction digits;
 * further digits are dropped). A leading `-` makes the count negative.
 */
export function toMinorUnits(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const units =
    BigInt(whole || '0') * UNITS_PER_WHOLE +
    BigInt(fraction.padEnd(MINOR_UNIT_SCALE, '0').slice(0, MINOR_UNIT_SCALE) || '0');
  return negative ? -units : units;
}

/** An integer count of 1/10^4 units as a decimal string with 2 fraction digits (or more when needed). */
export function fromMinorUnits(units: bigint): string {
  const magnitude = units < 0n ? -units : units;
  const whole = magnitude / UNITS_PER_WHOLE;
  const fraction = (magnitude % UNITS_PER_WHOLE)
    .toString()
    .padStart(MINOR_UNIT_SCALE, '0')
    .replace(/0{1,2}$/, '');
  return `${units < 0n ? '-' : ''}${whole.toString()}.${fraction.length < 2 ? fraction.padEnd(2, '0') : fraction}`;
}
