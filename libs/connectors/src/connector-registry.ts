import type { BankCapabilities, BankCapability, BankConnector } from './bank-connector.js';
import { BankCapabilityUnsupportedError, BankOperationUnsupportedError } from './bank-errors.js';
import { BerlinGroupConnector } from './berlin-group/berlin-group.connector.js';
import type { BankStatusProbe } from './capabilities/status-probe.js';
import type { BankCatalogueEntry } from './catalogue/bank-catalogue-entry.js';
import type { BankHttpClient } from './http/bank-http-client.js';
import { ObieConnector } from './obie/obie.connector.js';
import type { SecretResolver } from './secrets/secret-resolver.js';

/** What every connector is built with. */
export interface ConnectorDeps {
  readonly http: BankHttpClient;
  readonly secrets: SecretResolver;
  readonly nowMs?: () => number;
}

export type ConnectorType = BankCatalogueEntry['connector']['type'];
export type ConnectorFactory = (entry: BankCatalogueEntry, deps: ConnectorDeps) => BankConnector;

/** One entry per protocol the catalogue may name; undefined where no connector exists yet. */
export const CONNECTOR_FACTORIES: Readonly<Record<ConnectorType, ConnectorFactory | undefined>> = {
  obie: (entry, deps) => new ObieConnector(entry, deps),
  'berlin-group': (entry, deps) => new BerlinGroupConnector(entry, deps),
};

/**
 * Picks and builds the connector for a catalogue entry (`connector.type` -> factory), once per
 * bank: a connector keeps per-bank state such as cached client tokens. A changed entry (a new
 * object for the same bank) builds a new connector. Callers ask for a capability: the bank's
 * implementation, or BankCapabilityUnsupportedError (501 UNIMPLEMENTED) when its connector has
 * none; a protocol without a connector is BankOperationUnsupportedError (501 too).
 */
export class ConnectorRegistry {
  private readonly built = new Map<string, { readonly entry: BankCatalogueEntry; readonly connector: BankConnector }>();

  constructor(
    private readonly deps: ConnectorDeps,
    private readonly factories: Readonly<Record<ConnectorType, ConnectorFactory | undefined>> = CONNECTOR_FACTORIES,
  ) {}

  forBank(entry: BankCatalogueEntry): BankConnector {
    const existing = this.built.get(entry.id);
    if (existing?.entry === entry) return existing.connector;
    const factory = this.factories[entry.connector.type];
    if (factory === undefined)
      throw new BankOperationUnsupportedError(entry.id, `the ${entry.connector.type} protocol (no connector yet)`);
    const connector = factory(entry, this.deps);
    this.built.set(entry.id, { entry, connector });
    return connector;
  }

  /** The bank's implementation of `capability`; BankCapabilityUnsupportedError (501) when it has none. */
  capability<C extends BankCapability>(entry: BankCatalogueEntry, capability: C): BankCapabilities[C] {
    const offered: BankCapabilities[C] | undefined = this.forBank(entry).capabilities[capability];
    if (offered === undefined) throw new BankCapabilityUnsupportedError(entry.id, capability);
    return offered;
  }

  /** What the bank status probe asks; every connector has it. */
  statusProbe(entry: BankCatalogueEntry): BankStatusProbe {
    return this.forBank(entry);
  }
}
