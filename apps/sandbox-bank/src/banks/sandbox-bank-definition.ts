/**
 * How the simulated bank authenticates its users: a browser redirect, decoupled (CIBA on OBIE
 * banks, the app approval of XS2A) or, on Berlin Group banks, embedded in the TPP's own pages.
 */
export type SandboxScaApproach = 'redirect' | 'decoupled' | 'embedded';

export interface FaultSettings {
  /** Added to every API and token call of the bank, in milliseconds, before any work. */
  readonly latencyMs: number;
  /** Share of API and token calls (0..1) answered with a 500 before any work. */
  readonly errorRate: number;
  /** Share of changing calls (0..1) whose work commits and whose answer is then lost: a 503 or a closed connection. */
  readonly lostAnswerRate: number;
  /** Milliseconds a changing call waits after its work commits, before answering. */
  readonly lateAnswerMs: number;
  /** The operations (the standard's resource names, `fault-operation.ts`) the faults apply to; all when empty. */
  readonly only: readonly string[];
}

export interface SandboxClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** What a Berlin Group (XS2A) bank offers and the accounts its users get. */
export interface BerlinGroupBankProfile {
  /** The payment products of `POST /v1/payments/{payment-product}` it takes. */
  readonly paymentProducts: readonly string[];
  /** Currency of its users' accounts. */
  readonly accountCurrency: string;
  /** Country of its users' IBANs and the national bank code their BBANs start with. */
  readonly ibanCountry: 'AT' | 'DE' | 'FR' | 'NL' | 'PL' | 'SE';
  readonly bankCode: string;
  readonly bic: string;
}

/** One simulated bank hosted under `/banks/{id}`. Adding a bank is adding an entry. */
export interface SandboxBankDefinition {
  readonly id: string;
  readonly name: string;
  /** The API standard it speaks. */
  readonly protocol: 'obie' | 'berlin-group';
  /** What the bank expects in `x-fapi-financial-id` (when the TPP sends it; OBIE banks). */
  readonly financialId: string;
  readonly scaApproach: SandboxScaApproach;
  /** How long after `bc-authorize` (or the XS2A authorisation start) the user answers on their phone (decoupled banks). */
  readonly cibaApprovalDelayMs: number;
  /** Faults injected from start-up; `PUT /sandbox/faults/{bankId}` overrides them at run time. */
  readonly faults: FaultSettings;
  readonly clients: readonly SandboxClient[];
  /** Berlin Group banks: products and accounts (XS2A needs no OAuth client). */
  readonly berlinGroup?: BerlinGroupBankProfile;
}

/** The TPP registration every sandbox bank knows: the gateway itself. */
export const SANDBOX_CLIENT: SandboxClient = { clientId: 'gateway-sandbox', clientSecret: 'sandbox-secret' };

export const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0, lostAnswerRate: 0, lateAnswerMs: 0, only: [] };

const SEPA_PRODUCTS = ['sepa-credit-transfers', 'instant-sepa-credit-transfers'];

/** A Berlin Group bank: no OAuth clients and no FAPI financial id, a profile instead. */
function berlinGroupBank(
  id: string,
  name: string,
  scaApproach: SandboxScaApproach,
  berlinGroup: BerlinGroupBankProfile,
): SandboxBankDefinition {
  return {
    id,
    name,
    protocol: 'berlin-group',
    financialId: '',
    scaApproach,
    cibaApprovalDelayMs: 2000,
    faults: NO_FAULTS,
    clients: [],
    berlinGroup,
  };
}

/** Every `connector.type: berlin-group` entry of config/banks/sandbox.yaml points at one of these. */
const BERLIN_GROUP_BANKS: readonly SandboxBankDefinition[] = [
  berlinGroupBank('ob-sandbox-eu', 'Sandbox Bank Europe', 'embedded', {
    paymentProducts: SEPA_PRODUCTS,
    accountCurrency: 'EUR',
    ibanCountry: 'DE',
    bankCode: '99950000',
    bic: 'SBOXDEFF',
  }),
  berlinGroupBank('ob-sandbox-eu-redirect', 'Sandbox Bank Europe Redirect', 'redirect', {
    paymentProducts: SEPA_PRODUCTS,
    accountCurrency: 'EUR',
    ibanCountry: 'AT',
    bankCode: '99950',
    bic: 'SBOXATWW',
  }),
  berlinGroupBank('ob-sandbox-eu-decoupled', 'Sandbox Bank Europe (app approval)', 'decoupled', {
    paymentProducts: SEPA_PRODUCTS,
    accountCurrency: 'EUR',
    ibanCountry: 'DE',
    bankCode: '99950001',
    bic: 'SBOXDEFFDEC',
  }),
  berlinGroupBank('ob-sandbox-de-blz', 'Sandbox Stadtbank Berlin', 'redirect', {
    paymentProducts: ['sepa-credit-transfers'],
    accountCurrency: 'EUR',
    ibanCountry: 'DE',
    bankCode: '10020030',
    bic: 'SBOXDEBBXXX',
  }),
  berlinGroupBank('ob-sandbox-nl-instant', 'Sandbox Instant Bank Netherlands', 'redirect', {
    paymentProducts: ['instant-sepa-credit-transfers'],
    accountCurrency: 'EUR',
    ibanCountry: 'NL',
    bankCode: 'SBOX',
    bic: 'SBOXNL2A',
  }),
  berlinGroupBank('ob-sandbox-pl', 'Sandbox Bank Polska', 'redirect', {
    paymentProducts: ['polish-domestic-credit-transfers', 'sepa-credit-transfers'],
    accountCurrency: 'PLN',
    ibanCountry: 'PL',
    bankCode: '99900012',
    bic: 'SBOXPLPW',
  }),
  berlinGroupBank('ob-sandbox-se', 'Sandbox Sparbank Sverige', 'redirect', {
    paymentProducts: [
      'swedish-domestic-private-bankgiros',
      'swedish-domestic-private-plusgiros',
      'domestic-credit-transfers',
    ],
    accountCurrency: 'SEK',
    ibanCountry: 'SE',
    bankCode: '999',
    bic: 'SBOXSESS',
  }),
  berlinGroupBank('ob-sandbox-fr-accounts', 'Sandbox Banque Comptes', 'redirect', {
    paymentProducts: [],
    accountCurrency: 'EUR',
    ibanCountry: 'FR',
    bankCode: '9999900001',
    bic: 'SBOXFRPPACC',
  }),
];

/** The banks the sandbox hosts. */
export const SANDBOX_BANKS: readonly SandboxBankDefinition[] = [
  {
    id: 'ob-sandbox-gb',
    name: 'Sandbox Bank GB',
    protocol: 'obie',
    financialId: '001580000SANDBOXGB',
    scaApproach: 'redirect',
    cibaApprovalDelayMs: 2000,
    faults: NO_FAULTS,
    clients: [SANDBOX_CLIENT],
  },
  {
    id: 'ob-sandbox-gb-decoupled',
    name: 'Sandbox Bank GB (app approval)',
    protocol: 'obie',
    financialId: '001580000SANDBOXDC',
    scaApproach: 'decoupled',
    cibaApprovalDelayMs: 2000,
    faults: NO_FAULTS,
    clients: [SANDBOX_CLIENT],
  },
  {
    id: 'ob-sandbox-gb-payments',
    name: 'Sandbox Business Payments UK',
    protocol: 'obie',
    financialId: '0015800000SBOXGB03',
    scaApproach: 'redirect',
    cibaApprovalDelayMs: 2000,
    faults: NO_FAULTS,
    clients: [SANDBOX_CLIENT],
  },
  ...BERLIN_GROUP_BANKS,
];
