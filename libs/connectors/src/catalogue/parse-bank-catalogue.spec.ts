import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { BANK_FEATURES } from './bank-catalogue-entry.js';
import { BankCatalogueError } from './bank-catalogue-error.js';
import { parseBankCatalogue } from './parse-bank-catalogue.js';

const OPTIONS = {
  source: 'banks.yaml',
  placeholders: { SANDBOX_BANK_URL: 'http://127.0.0.1:8090', PUBLIC_BASE_URL: 'https://gw.example' },
};

function validBank(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'ob-test',
    name: 'Test Bank',
    countries: ['GB'],
    bics: ['TESTGB2L'],
    logoUri: '${SANDBOX_BANK_URL}/logos/ob-test.png',
    provider: 'Gateway Direct',
    openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
    supportedLocalInstruments: ['FASTER_PAYMENTS'],
    scaApproaches: ['REDIRECT'],
    features: { supports_send_payment: true },
    connector: {
      type: 'obie',
      settings: { baseUrl: '${SANDBOX_BANK_URL}/banks/ob-test', signing: { enabled: false } },
    },
    ...overrides,
  };
}

function catalogue(...banks: unknown[]): string {
  return stringify({ banks });
}

/** The BankCatalogueError that parsing `text` throws. */
function failure(text: string): BankCatalogueError {
  try {
    parseBankCatalogue(text, OPTIONS);
  } catch (error) {
    expect(error).toBeInstanceOf(BankCatalogueError);
    return error as BankCatalogueError;
  }
  throw new Error('the catalogue was accepted');
}

describe('parseBankCatalogue', () => {
  it('reads an entry, replaces ${SANDBOX_BANK_URL} in every string and defaults left-out features to false', () => {
    const [bank] = parseBankCatalogue(catalogue(validBank({ rank: 2, bankCodes: ['10020030'] })), OPTIONS);
    expect(bank).toMatchObject({
      id: 'ob-test',
      logoUri: 'http://127.0.0.1:8090/logos/ob-test.png',
      bankCodes: ['10020030'],
      rank: 2,
      connector: {
        type: 'obie',
        settings: { baseUrl: 'http://127.0.0.1:8090/banks/ob-test', signing: { enabled: false } },
      },
    });
    expect(Object.keys(bank?.features ?? {}).sort()).toEqual([...BANK_FEATURES].sort());
    expect(bank?.features.supports_send_payment).toBe(true);
    expect(bank?.features.supports_account_information).toBe(false);
    expect(bank?.bankGroup).toBeUndefined();
  });

  it('accepts the shipped sandbox catalogue', () => {
    const text = readFileSync(join(import.meta.dirname, '../../../../config/banks/sandbox.yaml'), 'utf8');
    const banks = parseBankCatalogue(text, OPTIONS);
    expect(banks.map((bank) => bank.id)).toEqual(
      expect.arrayContaining(['ob-sandbox-gb', 'ob-sandbox-gb-decoupled', 'ob-sandbox-eu', 'ob-sandbox-eu-redirect']),
    );
    for (const bank of banks) {
      expect(JSON.stringify(bank)).not.toContain('${');
      expect(bank.logoUri).toBe(`https://gw.example/logos/${bank.id}.svg`);
      expect(bank.fullLogoUri).toBe(`https://gw.example/logos/${bank.id}.full.svg`);
    }
  });

  it.each([
    ['id', { id: 'OB_Test' }, /lower-case/],
    ['name', { name: '  ' }, /non-blank/],
    ['countries[1]', { countries: ['GB', 'gb'] }, /ISO 3166-1 alpha-2/],
    ['countries', { countries: [] }, /at least 1 entry/],
    ['countries', { countries: 'GB' }, /must be a list/],
    ['countries', { countries: ['GB', 'GB'] }, /"GB" twice/],
    ['bics[0]', { bics: ['TESTGB2'] }, /BIC of 8 or 11/],
    ['bankCodes[0]', { bankCodes: [10020030] }, /upper-case letters or digits/],
    ['logoUri', { logoUri: 'logos/x.png' }, /http\(s\) URL/],
    ['provider', { provider: undefined }, /is required/],
    ['bankSubGroup', { bankSubGroup: 'Sub' }, /needs bankGroup/],
    ['openBankingStandard', { openBankingStandard: 'STET' }, /one of UK_OPEN_BANKING_STANDARD, BERLIN_GROUP_STANDARD/],
    ['supportedLocalInstruments[0]', { supportedLocalInstruments: ['SWIFT'] }, /one of SEPA/],
    ['scaApproaches', { scaApproaches: [] }, /at least 1 entry/],
    ['features.supports_send_payment', { features: { supports_send_payment: 'yes' } }, /true or false/],
    ['features.supports_teleportation', { features: { supports_teleportation: true } }, /not a catalogue field/],
    ['rank', { rank: 0 }, /integer >= 1/],
    ['transactionHistoryLimit', { transactionHistoryLimit: 0 }, /-1 or an integer >= 1/],
    ['pollingScheduleSeconds', { pollingScheduleSeconds: [] }, /at least 1 entry/],
    ['connector', { connector: undefined }, /is required/],
    ['connector.type', { connector: { type: 'stet', settings: {} } }, /one of obie, berlin-group/],
    ['connector.settings', { connector: { type: 'obie' } }, /is required/],
    [
      'connector.settings.baseUrl',
      { connector: { type: 'obie', settings: { baseUrl: '${BANK_URL}/x' } } },
      /unknown placeholder \$\{BANK_URL\}/,
    ],
    ['logo', { logo: 'typo' }, /not a catalogue field/],
  ])('names the bank and the field %s', (field, overrides, problem) => {
    const error = failure(catalogue(validBank(), validBank({ id: 'ob-broken', bics: ['BROKGB2L'], ...overrides })));
    expect(error.field).toBe(field);
    expect(error.message).toContain(`field ${field}`);
    expect(error.message).toMatch(problem);
    expect(error.message).toContain('banks.yaml');
    if (field !== 'id') expect(error.bank).toBe('"ob-broken"');
  });

  it('names an entry without a usable id by its position', () => {
    const error = failure(catalogue(validBank(), validBank({ id: undefined })));
    expect(error.bank).toBe('entry 2');
    expect(error.field).toBe('id');
  });

  it('refuses ids used twice, case-insensitively', () => {
    const error = failure(catalogue(validBank(), validBank({ id: 'ob-test' })));
    expect(error).toMatchObject({ bank: '"ob-test"', field: 'id' });
    expect(error.message).toMatch(/another bank/);
  });

  it.each([
    ['not YAML', 'banks: [\n', /not valid YAML/],
    ['no banks list', 'banks: {}', /`banks` list/],
    ['an empty list', 'banks: []', /lists no banks/],
    ['a stray key', `${catalogue(validBank())}extra: 1\n`, /unknown top-level key "extra"/],
  ])('refuses a file with %s', (_case, text, problem) => {
    const error = failure(text);
    expect(error.bank).toBeUndefined();
    expect(error.message).toMatch(problem);
  });
});
