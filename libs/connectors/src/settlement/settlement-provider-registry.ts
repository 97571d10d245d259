import { SettlementProviderUnsupportedError } from '../bank-errors.js';
import type { SettlementProviderConnector } from './settlement-provider-connector.js';

/** Builds one provider's connector (its settings and clients are the builder's). */
export type SettlementProviderFactory = () => SettlementProviderConnector;

/**
 * Settlement provider connectors by provider id, each built once on first use. A provider with
 * no connector is SettlementProviderUnsupportedError (501 UNIMPLEMENTED).
 */
export class SettlementProviderRegistry {
  private readonly built = new Map<string, SettlementProviderConnector>();

  constructor(private readonly factories: Readonly<Record<string, SettlementProviderFactory>>) {}

  has(providerId: string): boolean {
    return Object.hasOwn(this.factories, providerId);
  }

  forProvider(providerId: string): SettlementProviderConnector {
    const existing = this.built.get(providerId);
    if (existing !== undefined) return existing;
    const factory = this.has(providerId) ? this.factories[providerId] : undefined;
    if (factory === undefined) throw new SettlementProviderUnsupportedError(providerId);
    const connector = factory();
    if (connector.providerId !== providerId)
      throw new Error(`the connector built for settlement provider ${providerId} names ${connector.providerId}`);
    this.built.set(providerId, connector);
    return connector;
  }
}
