import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { errorBody } from '#libs/common';
import type { BankConnector } from './bank-connector.js';
import { BankCapabilityUnsupportedError, BankOperationUnsupportedError } from './bank-errors.js';
import type { PaymentInitiationCapability } from './capabilities/payment-initiation.js';
import type { BankCatalogueEntry } from './catalogue/bank-catalogue-entry.js';
import { CONNECTOR_FACTORIES, ConnectorRegistry } from './connector-registry.js';
import { BankHttpClient } from './http/bank-http-client.js';
import { ObieConnector } from './obie/obie.connector.js';
import { ConnectorSettingsError } from './catalogue/connector-settings-error.js';
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

/** A connector offering payments only (no I/O: its capability is never called here). */
function paymentsOnly(): BankConnector {
  const payments = {} as PaymentInitiationCapability;
  return {
    protocol: 'obie',
    capabilities: { payments },
    health: () => Promise.reject(new Error('not probed here')),
  };
}

function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('ConnectorRegistry capabilities', () => {
  const connectors = (): ConnectorRegistry =>
    new ConnectorRegistry(
      { http: new BankHttpClient({ logger: pino({ level: 'silent' }) }), secrets: createSecretResolver({}) },
      { ...CONNECTOR_FACTORIES, obie: paymentsOnly },
    );

  it('answers a capability the connector offers with its implementation', () => {
    const registry = connectors();
    const bank = entry('bank-a', 'obie');
    expect(registry.capability(bank, 'payments')).toBe(registry.forBank(bank).capabilities.payments);
  });

  it('raises BankCapabilityUnsupportedError for one it lacks: 501 UNIMPLEMENTED in the interface shape', () => {
    const error = thrown(() => connectors().capability(entry('bank-a', 'obie'), 'refunds'));
    expect(error).toBeInstanceOf(BankCapabilityUnsupportedError);
    expect(error).toBeInstanceOf(BankOperationUnsupportedError);
    expect(error).toMatchObject({ code: 'UNIMPLEMENTED', status: 501, bankId: 'bank-a', capability: 'refunds' });
    expect(errorBody(error as BankCapabilityUnsupportedError, 'trace-1')).toEqual({
      error: {
        errorCode: 'UNIMPLEMENTED',
        message: 'Bank bank-a does not support refunds.',
        paymentId: 'Not implemented.',
        tokenTraceId: 'trace-1',
      },
    });
  });

  it('knows what each real connector offers', () => {
    const real = registry();
    const obie = entry('bank-o', 'obie');
    for (const capability of ['payments', 'vrp', 'accounts', 'fundsConfirmation', 'refunds'] as const)
      expect(real.capability(obie, capability)).toBe(real.forBank(obie));

    const berlin = entry('bank-b', 'berlin-group', {
      baseUrl: 'https://bank.example/banks/b',
      scaApproach: 'redirect',
    });
    for (const capability of ['payments', 'accounts'] as const)
      expect(real.capability(berlin, capability)).toBe(real.forBank(berlin));
    for (const capability of ['vrp', 'fundsConfirmation', 'refunds'] as const)
      expect(() => real.capability(berlin, capability)).toThrow(BankCapabilityUnsupportedError);
  });

  it('answers the status probe for every bank with a connector', () => {
    const registry = connectors();
    const bank = entry('bank-a', 'obie');
    expect(registry.statusProbe(bank)).toBe(registry.forBank(bank));
  });
});
