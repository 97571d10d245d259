import type { AppConfig } from '#libs/common';
import {
  SandboxSettlementConnector,
  SettlementProviderRegistry,
  type BankHttpClient,
  type SettlementProviderFactory,
} from '#libs/connectors';

/**
 * The settlement providers the configuration offers: the sandbox bank's (under its configured
 * provider id) when its API key is set, as it always is in sandbox.
 */
export function settlementProviderRegistry(config: AppConfig, http: BankHttpClient): SettlementProviderRegistry {
  const factories: Record<string, SettlementProviderFactory> = {};
  const sandbox = config.settlement.sandbox;
  const apiKey = sandbox.apiKey;
  if (apiKey !== undefined)
    factories[sandbox.providerId] = () =>
      new SandboxSettlementConnector({ providerId: sandbox.providerId, baseUrl: sandbox.baseUrl, apiKey }, http);
  return new SettlementProviderRegistry(factories);
}
