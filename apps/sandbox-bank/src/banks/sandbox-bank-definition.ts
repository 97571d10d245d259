/** How the simulated bank authenticates its users: a browser redirect, or CIBA (decoupled). */
export type SandboxScaApproach = 'redirect' | 'decoupled';

export interface FaultSettings {
  /** Added to every API and token call of the bank, in milliseconds. */
  readonly latencyMs: number;
  /** Share of API and token calls (0..1) answered with a 500. */
  readonly errorRate: number;
}

export interface SandboxClient {
  readonly clientId: string;
  readonly clientSecret: string;
}

/** One simulated bank hosted under `/banks/{id}`. Adding a bank is adding an entry. */
export interface SandboxBankDefinition {
  readonly id: string;
  readonly name: string;
  /** The API standard it speaks. */
  readonly protocol: 'obie';
  /** What the bank expects in `x-fapi-financial-id` (when the TPP sends it). */
  readonly financialId: string;
  readonly scaApproach: SandboxScaApproach;
  /** How long after `bc-authorize` the user approves on their phone (decoupled banks). */
  readonly cibaApprovalDelayMs: number;
  /** Faults injected from start-up; `PUT /sandbox/faults/{bankId}` overrides them at run time. */
  readonly faults: FaultSettings;
  readonly clients: readonly SandboxClient[];
}

/** The TPP registration every sandbox bank knows: the gateway itself. */
export const SANDBOX_CLIENT: SandboxClient = { clientId: 'gateway-sandbox', clientSecret: 'sandbox-secret' };

const NO_FAULTS: FaultSettings = { latencyMs: 0, errorRate: 0 };

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
];
