import { BANK_FEATURES, type BankCatalogueEntry } from '#libs/connectors';

/**
 * The connector settings the bank catalogue carries for the two sandbox OBIE banks
 * (`${SANDBOX_BANK_URL}` is replaced when the catalogue is loaded).
 */
export const SANDBOX_OBIE_SETTINGS = {
  'ob-sandbox-gb': {
    baseUrl: '${SANDBOX_BANK_URL}/banks/ob-sandbox-gb',
    clientId: 'gateway-sandbox',
    clientSecretRef: 'literal:sandbox-secret',
    financialId: '001580000SANDBOXGB',
    scaApproach: 'redirect',
    signing: { enabled: false },
    mtls: { enabled: false },
  },
  'ob-sandbox-gb-decoupled': {
    baseUrl: '${SANDBOX_BANK_URL}/banks/ob-sandbox-gb-decoupled',
    clientId: 'gateway-sandbox',
    clientSecretRef: 'literal:sandbox-secret',
    financialId: '001580000SANDBOXDC',
    scaApproach: 'decoupled',
    signing: { enabled: false },
    mtls: { enabled: false },
  },
} as const;

/** A catalogue entry for a sandbox OBIE bank served at `sandboxBankUrl`. */
export function sandboxEntry(id: keyof typeof SANDBOX_OBIE_SETTINGS, sandboxBankUrl: string): BankCatalogueEntry {
  const settings = SANDBOX_OBIE_SETTINGS[id];
  return {
    id,
    name: id,
    countries: ['GB'],
    bics: [],
    logoUri: 'https://example.invalid/logo.png',
    provider: 'Sandbox',
    openBankingStandard: 'UK_OPEN_BANKING_STANDARD',
    supportedLocalInstruments: ['FASTER_PAYMENTS'],
    scaApproaches: [settings.scaApproach === 'decoupled' ? 'DECOUPLED' : 'REDIRECT'],
    features: Object.fromEntries(BANK_FEATURES.map((feature) => [feature, true])) as BankCatalogueEntry['features'],
    connector: {
      type: 'obie',
      settings: { ...settings, baseUrl: settings.baseUrl.replace('${SANDBOX_BANK_URL}', sandboxBankUrl) },
    },
  };
}
