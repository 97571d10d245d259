import type { BankFeature, LocalInstrument } from '#libs/connectors';
import { REFERENCE_STANDARD, type ListedBank } from './listed-bank.js';

/**
 * What the bank list endpoints filter on, already validated. Every criterion given must hold
 * (AND); within a list criterion any entry may match (OR). An empty list filters nothing.
 */
export interface BankFilter {
  /** Bank ids, matched whole and case-insensitively. */
  readonly ids?: readonly string[];
  /** BICs, matched whole and case-insensitively against any of the bank's BICs. */
  readonly bics?: readonly string[];
  /** Case-insensitive substring of the name, id, a BIC or a bank code. */
  readonly search?: string;
  /** A BIC (8 or 11) or BLZ (8), matched whole and case-insensitively against BICs and bank codes. */
  readonly bankCode?: string;
  /** Upper-case ISO 3166-1 alpha-2 codes; the bank operates in any of them. */
  readonly countries?: readonly string[];
  /** Provider names, matched whole and case-insensitively. */
  readonly providers?: readonly string[];
  /** The bank supports any of these rails. */
  readonly localInstruments?: readonly LocalInstrument[];
  readonly bankGroup?: string;
  readonly bankSubGroup?: string;
  /** Standards as the reference names them (UK_Open_Banking_Standard, NextGenPSD2 ...), any case. */
  readonly standards?: readonly string[];
  /** Each feature given must have exactly this value. */
  readonly features?: Readonly<Partial<Record<BankFeature, boolean>>>;
}

const lower = (text: string): string => text.toLowerCase();

function anyOf(
  wanted: readonly string[] | undefined,
  actual: readonly string[],
  normalise: (text: string) => string = lower,
): boolean {
  if (wanted === undefined || wanted.length === 0) return true;
  const set = new Set(wanted.map(normalise));
  return actual.some((value) => set.has(normalise(value)));
}

function sameText(wanted: string | undefined, actual: string | undefined): boolean {
  return wanted === undefined || (actual !== undefined && lower(wanted) === lower(actual));
}

function matchesSearch(search: string | undefined, bank: ListedBank): boolean {
  if (search === undefined || search === '') return true;
  const needle = lower(search);
  return [bank.name, bank.id, ...bank.bics, ...bank.bankCodes].some((text) => lower(text).includes(needle));
}

function matchesFeatures(features: BankFilter['features'], bank: ListedBank): boolean {
  if (features === undefined) return true;
  return Object.entries(features).every(
    ([feature, value]) => value === undefined || bank.features[feature as BankFeature] === value,
  );
}

export function matchesFilter(bank: ListedBank, filter: BankFilter): boolean {
  return (
    anyOf(filter.ids, [bank.id]) &&
    anyOf(filter.bics, bank.bics) &&
    matchesSearch(filter.search, bank) &&
    anyOf(filter.bankCode === undefined ? undefined : [filter.bankCode], [...bank.bics, ...bank.bankCodes]) &&
    anyOf(filter.countries, bank.countries, (code) => code) &&
    anyOf(filter.providers, [bank.provider]) &&
    anyOf(filter.localInstruments, bank.supportedLocalInstruments, (name) => name) &&
    sameText(filter.bankGroup, bank.bankGroup) &&
    sameText(filter.bankSubGroup, bank.bankSubGroup) &&
    anyOf(filter.standards, [REFERENCE_STANDARD[bank.openBankingStandard]]) &&
    matchesFeatures(filter.features, bank)
  );
}

/**
 * Filtering happens in memory over the listed banks rather than in SQL: the catalogue is small
 * (a file an operator edits: tens to a few thousand banks), the rules (case-insensitive matches
 * over arrays, search across several columns) stay one readable pure function that unit tests
 * cover, and the three endpoints share it. If the catalogue ever grows large, this is the one
 * place to push down into a query.
 */
export function filterBanks(banks: readonly ListedBank[], filter: BankFilter): ListedBank[] {
  return banks.filter((bank) => matchesFilter(bank, filter));
}
