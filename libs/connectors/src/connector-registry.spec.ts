import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { BankOperationUnsupportedError } from './bank-errors.js';
import type { BankCatalogueEntry } from './catalogue/bank-catalogue-entry.js';
import { CONNECTOR_FACTORIES, ConnectorRegistry } from './connector-registry.js';
import { BankHttpClient } from './http/bank-http-client.js';
import { ObieConnector } from './obie/obie.connector.js';
import { ConnectorSettingsError } from './obie/obie-settings.js';
import { createSecretResolver } from './secrets/secret-resolver.js';

const settings = {
  baseUrl: 'https://bank.example/banks/x',
  clientId: 'gw',
  clientSecretRef: 'literal:s',
  financialId: 'F1',
};

function entry(
  id: string,
  type: 'obie' | 'berlin-group',
  connectorSettings: Record<string, unknown> = settings,
): BankCatalogueEntry {
  return { id, connector: { type, settings: connectorSettings } } as unknown as BankCatalogueEntry;
}

const registry = (): ConnectorRegistry =>
  new ConnectorRegistry({
    http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
    secrets: createSecretResolver({}),
  });

describe('ConnectorRegistry', () => {
  it('picks the connector by connector.type and builds it once per bank', () => {
    const connectors = registry();
    const bank = entry('bank-a', 'obie');
    const connector = connectors.forBank(bank);
    expect(connector).toBeInstanceOf(ObieConnector);
    expect(connector.protocol).toBe('obie');
    expect(connectors.forBank(bank)).toBe(connector);
    expect(connectors.forBank(entry('bank-b', 'obie'))).not.toBe(connector);
  });

  it('builds a new connector when the catalogue entry changes', () => {
    const connectors = registry();
    const first = connectors.forBank(entry('bank-a', 'obie'));
    expect(connectors.forBank(entry('bank-a', 'obie', { ...settings, financialId: 'F2' }))).not.toBe(first);
  });

  it('answers a protocol without a connector as unsupported', () => {
    const connectors = new ConnectorRegistry(
      { http: new BankHttpClient({ logger: pino({ level: 'silent' }) }), secrets: createSecretResolver({}) },
      { ...CONNECTOR_FACTORIES, 'berlin-group': undefined },
    );
    expect(() => connectors.forBank(entry('bank-c', 'berlin-group'))).toThrow(BankOperationUnsupportedError);
  });

  it('lets bad settings surface as the connector reports them', () => {
    expect(() => registry().forBank(entry('bank-d', 'obie', { ...settings, baseUrl: 'nope' }))).toThrow(
      ConnectorSettingsError,
    );
  });
});
