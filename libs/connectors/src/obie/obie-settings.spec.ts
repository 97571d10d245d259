import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { BankHttpClient } from '../http/bank-http-client.js';
import { createSecretResolver } from '../secrets/secret-resolver.js';
import { ObieConnector } from './obie.connector.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { parseObieSettings } from './obie-settings.js';
import { ObieSigner } from './obie-signing.js';

const MINIMAL = {
  baseUrl: 'https://bank.example/banks/x/',
  clientId: 'gw',
  clientSecretRef: 'env:BANK_SECRET',
  financialId: 'F1',
};

function entry(settings: Record<string, unknown>): BankCatalogueEntry {
  return { id: 'bank-x', connector: { type: 'obie', settings } } as unknown as BankCatalogueEntry;
}

const deps = (
  values: Record<string, string> = { BANK_SECRET: 's3cret' },
): ConstructorParameters<typeof ObieConnector>[1] => ({
  http: new BankHttpClient({ logger: pino({ level: 'silent' }) }),
  secrets: createSecretResolver(values),
});

describe('parseObieSettings', () => {
  it('derives every endpoint from baseUrl', () => {
    expect(parseObieSettings('bank-x', MINIMAL)).toEqual({
      baseUrl: 'https://bank.example/banks/x',
      apiBaseUrl: 'https://bank.example/banks/x/open-banking/v3.1',
      tokenUrl: 'https://bank.example/banks/x/as/token',
      authorizeUrl: 'https://bank.example/banks/x/as/authorize',
      backchannelAuthenticationUrl: 'https://bank.example/banks/x/as/bc-authorize',
      issuer: 'https://bank.example/banks/x',
      clientId: 'gw',
      clientSecretRef: 'env:BANK_SECRET',
      financialId: 'F1',
      signing: { enabled: false },
      mtls: { enabled: false },
      scaApproach: 'redirect',
    });
  });

  it('takes explicit endpoints, decoupled SCA and signing', () => {
    const settings = parseObieSettings('bank-x', {
      ...MINIMAL,
      tokenUrl: 'https://as.example/token',
      authorizeUrl: 'https://as.example/authorize',
      scaApproach: 'decoupled',
      signing: { enabled: true, keyRef: 'env:KEY', kid: 'k1' },
    });
    expect(settings.tokenUrl).toBe('https://as.example/token');
    expect(settings.authorizeUrl).toBe('https://as.example/authorize');
    expect(settings.scaApproach).toBe('decoupled');
    expect(settings.signing).toEqual({ enabled: true, keyRef: 'env:KEY', kid: 'k1', alg: 'PS256', issuer: 'gw' });
  });

  it('reads mutual TLS references, with the CA bundle and server name optional', () => {
    expect(
      parseObieSettings('bank-x', { ...MINIMAL, mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' } }).mtls,
    ).toEqual({ enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' });
    const full = {
      enabled: true,
      certRef: 'env:CERT',
      keyRef: 'env:KEY',
      caRef: 'env:CA',
      serverName: 'as.bank.example',
    };
    expect(parseObieSettings('bank-x', { ...MINIMAL, mtls: full }).mtls).toEqual(full);
    expect(parseObieSettings('bank-x', { ...MINIMAL, mtls: { enabled: false, certRef: 'ignored' } }).mtls).toEqual({
      enabled: false,
    });
  });

  it.each([
    [{ ...MINIMAL, baseUrl: 'not a url' }, 'connector.settings.baseUrl must be an absolute URL'],
    [{ ...MINIMAL, clientId: undefined }, 'connector.settings.clientId is required'],
    [
      { ...MINIMAL, clientSecretRef: 'sandbox-secret' },
      "connector.settings.clientSecretRef must be 'literal:<value>' or 'env:<NAME>'",
    ],
    [{ ...MINIMAL, scaApproach: 'embedded' }, 'connector.settings.scaApproach must be one of redirect, decoupled'],
    [{ ...MINIMAL, signing: { enabled: true, kid: 'k1' } }, 'connector.settings.signing.keyRef is required'],
    [{ ...MINIMAL, mtls: { enabled: 'yes' } }, 'connector.settings.mtls.enabled must be true or false'],
    [{ ...MINIMAL, mtls: { enabled: true, keyRef: 'env:KEY' } }, 'connector.settings.mtls.certRef is required'],
    [
      { ...MINIMAL, mtls: { enabled: true, certRef: 'env:CERT', keyRef: '-----BEGIN PRIVATE KEY-----' } },
      "connector.settings.mtls.keyRef must be 'literal:<value>' or 'env:<NAME>'",
    ],
    [
      { ...MINIMAL, mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY', caRef: 42 } },
      'connector.settings.mtls.caRef must be a non-empty string',
    ],
    [
      {
        ...MINIMAL,
        mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY', serverName: 'https://as.bank.example:443' },
      },
      'connector.settings.mtls.serverName must be a DNS host name',
    ],
    [
      { ...MINIMAL, baseUrl: 'http://bank.example', mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' } },
      'connector.settings.baseUrl must be an https URL when mtls.enabled is true',
    ],
    [
      {
        ...MINIMAL,
        tokenUrl: 'http://as.example/token',
        mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' },
      },
      'connector.settings.tokenUrl must be an https URL when mtls.enabled is true',
    ],
  ])('names the bank and the field at fault (%#)', (raw, message) => {
    expect(() => parseObieSettings('bank-x', raw)).toThrow(ConnectorSettingsError);
    expect(() => parseObieSettings('bank-x', raw)).toThrow(`Bank bank-x: ${message}`);
  });
});

describe('ObieConnector construction', () => {
  it('builds with a resolvable secret', () => {
    expect(new ObieConnector(entry(MINIMAL), deps()).protocol).toBe('obie');
  });

  it('fails fast when the client secret does not resolve', () => {
    expect(() => new ObieConnector(entry(MINIMAL), deps({}))).toThrow(
      /Bank bank-x: connector.settings.clientSecretRef .*env:BANK_SECRET names a variable that is not set/,
    );
  });

  it('fails fast when an mTLS reference does not resolve to PEM, naming the field and not the value', () => {
    const settings = { ...MINIMAL, mtls: { enabled: true, certRef: 'literal:not-a-certificate', keyRef: 'env:KEY' } };
    expect(() => new ObieConnector(entry(settings), deps({ BANK_SECRET: 's3cret', KEY: 'key' }))).toThrow(
      /^Bank bank-x: connector.settings.mtls.certRef is not a PEM certificate \(no BEGIN CERTIFICATE block\)$/,
    );
    const unset = { ...MINIMAL, mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' } };
    expect(() => new ObieConnector(entry(unset), deps())).toThrow(
      /connector.settings.mtls.certRef .*env:CERT names a variable that is not set/,
    );
  });

  it('fails fast when the signing key is not a private key', () => {
    const settings = { ...MINIMAL, signing: { enabled: true, keyRef: 'literal:not a key', kid: 'k1' } };
    expect(() => new ObieConnector(entry(settings), deps())).toThrow(
      /signing.keyRef does not resolve to a PEM private key/,
    );
  });
});

describe('ObieSigner', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const signing = { enabled: true, keyRef: 'env:KEY', kid: 'kid-1', alg: 'PS256', issuer: 'org/software' } as const;

  it('signs a body as a detached JWS with the OBIE critical claims', async () => {
    const signer = new ObieSigner('bank-x', signing, createSecretResolver({ KEY: pem }), () => 1_700_000_000_000);
    const body = JSON.stringify({ Data: { Amount: '1.00' } });
    const detached = await signer.detachedSignature(body);
    const [header, empty, signature] = (detached ?? '').split('.');
    expect(empty).toBe('');
    const verified = await compactVerify(
      `${header}.${Buffer.from(body).toString('base64url')}.${signature}`,
      await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'PS256'),
      {
        crit: {
          'http://openbanking.org.uk/iat': true,
          'http://openbanking.org.uk/iss': true,
          'http://openbanking.org.uk/tan': true,
        },
      },
    );
    expect(new TextDecoder().decode(verified.payload)).toBe(body);
    expect(decodeProtectedHeader(detached ?? '')).toMatchObject({
      alg: 'PS256',
      kid: 'kid-1',
      'http://openbanking.org.uk/iat': 1_700_000_000,
      'http://openbanking.org.uk/iss': 'org/software',
    });
  });

  it('leaves bodies unsigned and request objects unsecured when signing is off', async () => {
    const signer = new ObieSigner('bank-x', { enabled: false }, createSecretResolver({}), Date.now);
    expect(await signer.detachedSignature('{}')).toBeUndefined();
    const requestObject = await signer.requestObject({ scope: 'openid payments' }, 'https://bank.example', 'gw');
    expect(decodeProtectedHeader(requestObject)).toEqual({ alg: 'none' });
  });
});
