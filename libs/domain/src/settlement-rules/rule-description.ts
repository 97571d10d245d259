/** The reference's rule description: at most 18 characters of letters, digits, space and - . & /. */
export const RULE_DESCRIPTION_MAX_LENGTH = 18;
const RULE_DESCRIPTION_CHARACTERS = /^[a-zA-Z0-9-.&/ ]+$/;

/** The description of a rule's payouts when the rule has none. */
export const DEFAULT_RULE_PAYOUT_DESCRIPTION = 'Settlement payout';

/**
 * A rule's description becomes its payouts' description, so it takes the reference's pattern and
 * length and the payout description rule: at least 6 letters or digits, not all the same (space,
 * hyphen, full stop, ampersand and slash allowed and not counted).
 */
export function checkRuleDescription(value: string): string | undefined {
  if (value.length > RULE_DESCRIPTION_MAX_LENGTH)
    return `must be at most ${RULE_DESCRIPTION_MAX_LENGTH} characters (it has ${value.length})`;
  if (!RULE_DESCRIPTION_CHARACTERS.test(value))
    return 'may hold only letters, digits, space, hyphen (-), full stop (.), ampersand (&) and slash (/)';
  const counted = value.replace(/[-.&/ ]/g, '');
  if (counted.length < 6) return `must have at least 6 letters or digits (it has ${counted.length})`;
  if (new Set(counted.toUpperCase()).size === 1) return 'must not have the same letter or digit throughout';
  return undefined;
}
