import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#libs/common';
import { BankHttpClient, SandboxSettlementConnector, SettlementProviderUnsupportedError } from '#libs/connectors';
import { settlementProviderRegistry } from './settlement-provider-registry.factory.js';

const http = new BankHttpClient({ logger: pino({ level: 'silent' }) });

describe('settlementProviderRegistry', () => {
  it('offers the sandbox bank under its provider id, the default provider of new accounts', () => {
    const config = loadConfig({});
    const registry = settlementProviderRegistry(config, http);
    expect(config.settlement.defaultProviderId).toBe('sandbox-bank');
    expect(registry.forProvider('sandbox-bank')).toBeInstanceOf(SandboxSettlementConnector);
    expect(registry.forProvider('sandbox-bank').providerId).toBe('sandbox-bank');
  });

  it('follows a configured provider id, and offers no sandbox provider without its key', () => {
    expect(settlementProviderRegistry(loadConfig({ SANDBOX_SETTLEMENT_PROVIDER_ID: 'sbx' }), http).has('sbx')).toBe(
      true,
    );
    const production = loadConfig({
      ENVIRONMENT: 'production',
      ADMIN_TOKEN: 'a'.repeat(32),
      DATABASE_URL: 'postgres://gw:pw@db.internal:5432/gateway',
      REDIS_URL: 'redis://cache.internal:6379',
      PUBLIC_BASE_URL: 'https://gateway.example.com',
      WEBHOOK_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    expect(() => settlementProviderRegistry(production, http).forProvider('sandbox-bank')).toThrow(
      SettlementProviderUnsupportedError,
    );
  });
});
