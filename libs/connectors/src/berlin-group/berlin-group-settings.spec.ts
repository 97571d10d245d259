import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { ConnectorRegistry } from '../connector-registry.js';
import { BankHttpClient } from '../http/bank-http-client.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { createSecretResolver } from '../secrets/secret-resolver.js';
import { DEFAULT_PAYMENT_PRODUCTS } from './berlin-group-products.js';
import { parseBerlinGroupSettings } from './berlin-group-settings.js';
import { BerlinGroupConnector } from './berlin-group.connector.js';

describe('parseBerlinGroupSettings', () => {
  it('needs only baseUrl; the API is at /v1 and the defaults fill the rest', () => {
    expect(parseBerlinGroupSettings('bank-x', { baseUrl: 'https://bank.example/xs2a/' })).toEqual({
      baseUrl: 'https://bank.example/xs2a',
      apiBaseUrl: 'https://bank.example/xs2a/v1',
      scaApproach: 'redirect',
      tppRedirect: { explicitAuthorisation: false, nokRedirect: true },
      productMap: DEFAULT_PAYMENT_PRODUCTS,
      psuIpAddressFallback: '0.0.0.0',
    });
  });

  it('takes the approach, redirect preferences, product overrides and the address fallback', () => {
    const settings = parseBerlinGroupSettings('bank-x', {
      baseUrl: 'https://bank.example',
      scaApproach: 'embedded',
      tppRedirect: { explicitAuthorisation: true, nokRedirect: false },
      productMap: { SEPA_INSTANT: 'target-2-payments', FASTER_PAYMENTS: 'cross-border-credit-transfers' },
      psuIpAddressFallback: '192.0.2.1',
    });
    expect(settings).toMatchObject({
      scaApproach: 'embedded',
      tppRedirect: { explicitAuthorisation: true, nokRedirect: false },
      psuIpAddressFallback: '192.0.2.1',
    });
    expect(settings.productMap).toMatchObject({
      SEPA: 'sepa-credit-transfers',
      SEPA_INSTANT: 'target-2-payments',
      FASTER_PAYMENTS: 'cross-border-credit-transfers',
    });
  });

  it.each([
    [{}, 'connector.settings.baseUrl is required'],
    [{ baseUrl: 'bank.example' }, 'connector.settings.baseUrl must be an absolute URL'],
    [{ baseUrl: 'ftp://bank.example' }, 'connector.settings.baseUrl must be an http(s) URL'],
    [
      { baseUrl: 'https://b', scaApproach: 'oauth' },
      'connector.settings.scaApproach must be one of redirect, decoupled, embedded',
    ],
    [
      { baseUrl: 'https://b', tppRedirect: { nokRedirect: 'yes' } },
      'connector.settings.tppRedirect.nokRedirect must be true or false',
    ],
    [
      { baseUrl: 'https://b', productMap: { SWIFT: 'x' } },
      'connector.settings.productMap.SWIFT is not a local instrument',
    ],
    [
      { baseUrl: 'https://b', productMap: { SEPA: 'SEPA Credit' } },
      'connector.settings.productMap.SEPA must be a payment product name',
    ],
    [
      { baseUrl: 'https://b', psuIpAddressFallback: 'localhost' },
      'connector.settings.psuIpAddressFallback must be an IPv4 or IPv6 address',
    ],
  ])('names the bank and the field at fault (%#)', (raw, message) => {
    expect(() => parseBerlinGroupSettings('bank-x', raw)).toThrow(ConnectorSettingsError);
    expect(() => parseBerlinGroupSettings('bank-x', raw)).toThrow(`Bank bank-x: ${message}`);
  });
});

describe('the registry builds Berlin Group connectors', () => {
  const entry = (settings: Record<string, unknown>): BankCatalogueEntry =>
    ({ id: 'bank-bg', connector: { type: 'berlin-group', settings } }) as unknown as BankCatalogueEntry;
  const registry = new ConnectorRegistry({
    http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
    secrets: createSecretResolver({}),
  });

  it('for connector.type berlin-group', () => {
    const connector = registry.forBank(entry({ baseUrl: 'https://bank.example', scaApproach: 'decoupled' }));
    expect(connector).toBeInstanceOf(BerlinGroupConnector);
    expect(connector.protocol).toBe('berlin-group');
  });

  it('and lets bad settings surface', () => {
    expect(() => registry.forBank(entry({ baseUrl: 'nope' }))).toThrow(ConnectorSettingsError);
  });
});
