import { parse, YAMLParseError } from 'yaml';
import { LOCAL_INSTRUMENTS } from '../bank-types.js';
import {
  BANK_FEATURES,
  OPEN_BANKING_STANDARDS,
  SCA_APPROACHES,
  type BankCatalogueEntry,
  type BankFeature,
} from './bank-catalogue-entry.js';
import { BankCatalogueError } from './bank-catalogue-error.js';
import {
  CatalogueEntryReader,
  httpUrl,
  integerAtLeast,
  isBoolean,
  isRawObject,
  oneOf,
  textMatching,
  type RawObject,
} from './catalogue-entry-reader.js';

const BANK_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const COUNTRY = /^[A-Z]{2}$/;
const BIC = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const BANK_CODE = /^[A-Z0-9]{3,35}$/;
/** A non-blank label without surrounding spaces, at most 200 characters. */
const LABEL = /^\S(?:.{0,198}\S)?$/;
const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const CONNECTOR_TYPES = ['obie', 'berlin-group'] as const;

export interface ParseBankCatalogueOptions {
  /** How failures name the file (its path). */
  readonly source: string;
  /** Values of the `${NAME}` placeholders any string of an entry may use (SANDBOX_BANK_URL, PUBLIC_BASE_URL). */
  readonly placeholders: Readonly<Record<string, string>>;
}

/**
 * Parses and validates the catalogue file (YAML: `banks:` a list of entries). Every string may
 * use the given placeholders; a feature left out of `features` is false. The first problem
 * throws a BankCatalogueError naming the bank and the field.
 */
export function parseBankCatalogue(text: string, options: ParseBankCatalogueOptions): BankCatalogueEntry[] {
  const fileError = (problem: string): BankCatalogueError =>
    new BankCatalogueError(options.source, undefined, undefined, problem);
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    if (error instanceof YAMLParseError) throw fileError(`is not valid YAML: ${error.message}`);
    throw error;
  }
  if (!isRawObject(document) || !Array.isArray(document['banks']))
    throw fileError('must be a mapping with a `banks` list');
  const extra = Object.keys(document).find((key) => key !== 'banks');
  if (extra !== undefined) throw fileError(`has an unknown top-level key "${extra}" (only \`banks\`)`);
  const raws: unknown[] = document['banks'];
  if (raws.length === 0) throw fileError('lists no banks');

  const entries = raws.map((raw, index) => parseEntry(raw, index, options));
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = entry.id.toLowerCase();
    if (seen.has(key))
      throw new BankCatalogueError(options.source, JSON.stringify(entry.id), 'id', 'is used by another bank');
    seen.add(key);
  }
  return entries;
}

function parseEntry(raw: unknown, index: number, options: ParseBankCatalogueOptions): BankCatalogueEntry {
  const rawId = isRawObject(raw) ? raw['id'] : undefined;
  const label = typeof rawId === 'string' && BANK_ID.test(rawId) ? JSON.stringify(rawId) : `entry ${index + 1}`;
  if (!isRawObject(raw)) throw new BankCatalogueError(options.source, label, undefined, 'must be a mapping');
  const fail = (field: string, problem: string): never => {
    throw new BankCatalogueError(options.source, label, field, problem);
  };
  const entry = new CatalogueEntryReader(
    options.source,
    label,
    substitute(raw, '', options.placeholders, fail) as RawObject,
  );

  const id = entry.required('id', textMatching(BANK_ID, 'lower-case letters, digits and inner hyphens, at most 64'));
  entry.identify(id);
  const bankGroup = entry.optional('bankGroup', textMatching(LABEL, 'a non-blank name of at most 200 characters'));
  const bankSubGroup = entry.optional(
    'bankSubGroup',
    textMatching(LABEL, 'a non-blank name of at most 200 characters'),
  );
  if (bankSubGroup !== undefined && bankGroup === undefined) entry.fail('bankSubGroup', 'needs bankGroup as well');
  const fullLogoUri = entry.optional('fullLogoUri', httpUrl());
  const rank = entry.optional('rank', integerAtLeast(1));
  const operationalTime = entry.optional(
    'operationalTime',
    textMatching(LABEL, 'non-blank text of at most 200 characters'),
  );
  const transactionHistoryLimit = entry.optional('transactionHistoryLimit', integerAtLeast(1, [-1]));
  const tppInitiatedDailyLimit = entry.optional('tppInitiatedDailyLimit', integerAtLeast(0));
  const pollingScheduleSeconds = entry.has('pollingScheduleSeconds')
    ? entry.list('pollingScheduleSeconds', integerAtLeast(1), { min: 1, repeats: true })
    : undefined;

  const parsed: BankCatalogueEntry = {
    id,
    name: entry.required('name', textMatching(LABEL, 'a non-blank name of at most 200 characters')),
    countries: entry.list('countries', textMatching(COUNTRY, 'an ISO 3166-1 alpha-2 code in upper case'), { min: 1 }),
    bics: entry.list('bics', textMatching(BIC, 'a BIC of 8 or 11 upper-case characters'), { min: 1 }),
    bankCodes: entry.list('bankCodes', textMatching(BANK_CODE, '3 to 35 upper-case letters or digits'), { min: 0 }),
    logoUri: entry.required('logoUri', httpUrl()),
    ...(fullLogoUri === undefined ? {} : { fullLogoUri }),
    provider: entry.required('provider', textMatching(LABEL, 'a non-blank name of at most 200 characters')),
    ...(bankGroup === undefined ? {} : { bankGroup }),
    ...(bankSubGroup === undefined ? {} : { bankSubGroup }),
    openBankingStandard: entry.required('openBankingStandard', oneOf(OPEN_BANKING_STANDARDS)),
    supportedLocalInstruments: entry.list('supportedLocalInstruments', oneOf(LOCAL_INSTRUMENTS), { min: 0 }),
    scaApproaches: entry.list('scaApproaches', oneOf(SCA_APPROACHES), { min: 1 }),
    features: readFeatures(entry),
    ...(rank === undefined ? {} : { rank }),
    ...(operationalTime === undefined ? {} : { operationalTime }),
    ...(transactionHistoryLimit === undefined ? {} : { transactionHistoryLimit }),
    ...(tppInitiatedDailyLimit === undefined ? {} : { tppInitiatedDailyLimit }),
    ...(pollingScheduleSeconds === undefined ? {} : { pollingScheduleSeconds }),
    connector: readConnector(entry),
  };
  entry.rejectUnknown();
  return parsed;
}

function readFeatures(entry: CatalogueEntryReader): Record<BankFeature, boolean> {
  const reader = entry.nested('features', false);
  const features = Object.fromEntries(
    BANK_FEATURES.map((feature) => [feature, reader?.optional(feature, isBoolean) ?? false]),
  );
  reader?.rejectUnknown();
  return features as Record<BankFeature, boolean>;
}

function readConnector(entry: CatalogueEntryReader): BankCatalogueEntry['connector'] {
  const reader = entry.nested('connector', true);
  if (reader === undefined) return entry.fail('connector', 'is required');
  const type = reader.required('type', oneOf(CONNECTOR_TYPES));
  // The connector validates its own settings; the catalogue only carries them.
  const settings = reader.object('settings', true) ?? reader.fail('settings', 'is required');
  reader.rejectUnknown();
  return { type, settings };
}

/** Replaces `${NAME}` in every string of `value`; an unknown NAME fails naming the field. */
function substitute(
  value: unknown,
  path: string,
  placeholders: Readonly<Record<string, string>>,
  fail: (field: string, problem: string) => never,
): unknown {
  if (typeof value === 'string') {
    return value.replace(PLACEHOLDER, (_match, name: string) =>
      Object.hasOwn(placeholders, name)
        ? (placeholders[name] ?? '')
        : fail(path, `uses the unknown placeholder \${${name}} (known: ${Object.keys(placeholders).join(', ')})`),
    );
  }
  if (Array.isArray(value))
    return value.map((item: unknown, index) => substitute(item, `${path}[${index}]`, placeholders, fail));
  if (isRawObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        substitute(item, path === '' ? key : `${path}.${key}`, placeholders, fail),
      ]),
    );
  }
  return value;
}
