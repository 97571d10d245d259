import type { Bank } from '#libs/db';
import type { BankCapabilities, BankCapability, BankConnector } from './bank-connector.js';
import type { BankStatusProbe } from './capabilities/status-probe.js';
import type { BankCatalogueEntry } from './catalogue/bank-catalogue-entry.js';
import { CONNECTOR_FACTORIES, type ConnectorRegistry, type ConnectorType } from './connector-registry.js';

/** Whether the gateway has a connector for a stored bank's `connector_type`. */
export function hasConnector(type: string): type is ConnectorType {
  return Object.hasOwn(CONNECTOR_FACTORIES, type) && CONNECTOR_FACTORIES[type as ConnectorType] !== undefined;
}

function settingsOf(bank: Bank): Readonly<Record<string, unknown>> {
  const settings = bank.connectorSettings;
  return typeof settings === 'object' && settings !== null && !Array.isArray(settings) ? settings : {};
}

/** A stored bank as the catalogue entry its connector is built from. */
export function catalogueEntryOf(bank: Bank, type: ConnectorType): BankCatalogueEntry {
  return {
    id: bank.id,
    name: bank.name,
    countries: bank.countries,
    bics: bank.bics,
    bankCodes: bank.bankCodes,
    logoUri: bank.logoUri,
    provider: bank.provider,
    openBankingStandard: bank.openBankingStandard as BankCatalogueEntry['openBankingStandard'],
    supportedLocalInstruments: bank.supportedLocalInstruments as BankCatalogueEntry['supportedLocalInstruments'],
    scaApproaches: bank.scaApproaches as BankCatalogueEntry['scaApproaches'],
    features: bank.features as unknown as BankCatalogueEntry['features'],
    transactionHistoryLimit: bank.transactionHistoryLimit,
    tppInitiatedDailyLimit: bank.tppInitiatedDailyLimit,
    pollingScheduleSeconds: bank.pollingScheduleSeconds,
    connector: { type, settings: settingsOf(bank) },
  };
}

/**
 * Connectors for stored banks. The registry keeps one connector per catalogue entry object, so
 * entries are cached while the bank's row is unchanged (same `updatedAt`).
 */
export class BankConnectors {
  private readonly entries = new Map<string, { readonly updatedAt: number; readonly entry: BankCatalogueEntry }>();

  constructor(private readonly registry: ConnectorRegistry) {}

  /** The bank's connector; BankOperationUnsupportedError when its protocol has none. */
  forBank(bank: Bank): BankConnector {
    return this.registry.forBank(this.entryOf(bank));
  }

  /** The bank's implementation of `capability`; BankCapabilityUnsupportedError (501) when it has none. */
  capability<C extends BankCapability>(bank: Bank, capability: C): BankCapabilities[C] {
    return this.registry.capability(this.entryOf(bank), capability);
  }

  /** What the bank status probe asks of the bank. */
  statusProbe(bank: Bank): BankStatusProbe {
    return this.registry.statusProbe(this.entryOf(bank));
  }

  private entryOf(bank: Bank): BankCatalogueEntry {
    const type = bank.connectorType;
    const cached = this.entries.get(bank.id);
    if (cached !== undefined && cached.updatedAt === bank.updatedAt.getTime()) return cached.entry;
    const entry = catalogueEntryOf(bank, hasConnector(type) ? type : (type as ConnectorType));
    this.entries.set(bank.id, { updatedAt: bank.updatedAt.getTime(), entry });
    return entry;
  }
}
