import type { AccountInformationCapability } from './capabilities/account-information.js';
import type { FundsConfirmationCapability } from './capabilities/funds-confirmation.js';
import type { PaymentInitiationCapability } from './capabilities/payment-initiation.js';
import type { RefundsCapability } from './capabilities/refunds.js';
import type { StandingOrderCapability } from './capabilities/standing-orders.js';
import type { BankStatusProbe } from './capabilities/status-probe.js';
import type { VrpCapability } from './capabilities/vrp.js';

/** Every capability a bank may offer, by the name the registry is asked for. */
export interface BankCapabilities {
  readonly payments: PaymentInitiationCapability;
  readonly vrp: VrpCapability;
  readonly accounts: AccountInformationCapability;
  readonly fundsConfirmation: FundsConfirmationCapability;
  readonly refunds: RefundsCapability;
  readonly standingOrders: StandingOrderCapability;
}

export type BankCapability = keyof BankCapabilities;

/** How each capability is named in messages (a 501 says which one the bank lacks). */
export const BANK_CAPABILITY_NAMES: Readonly<Record<BankCapability, string>> = {
  payments: 'payment initiation',
  vrp: 'variable recurring payments',
  accounts: 'account information',
  fundsConfirmation: 'funds confirmation',
  refunds: 'refunds',
  standingOrders: 'standing orders',
};

/**
 * What the gateway asks of a bank, per capability: a connector offers those its protocol has
 * (`capabilities`), and every connector answers the status probe. A connector only builds
 * requests and maps responses; the shared HTTP client owns deadlines, retries of idempotent
 * calls, tracing and redacted logs. Errors are the typed BankRejectedError (bank 4xx),
 * BankUnavailableError (bank 5xx), BankDeadlineExceededError and BankOperationUnsupportedError
 * (see bank-errors.ts). Ask ConnectorRegistry for a capability: a missing one is a 501.
 */
export interface BankConnector extends BankStatusProbe {
  /** The protocol this connector speaks (catalogue `connector.type`). */
  readonly protocol: string;
  readonly capabilities: Partial<BankCapabilities>;
}
