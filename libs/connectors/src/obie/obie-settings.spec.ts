import { generateKeyPairSync } from 'node:crypto';
import { compactVerify, decodeProtectedHeader, importSPKI } from 'jose';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { BankHttpClient } from '../http/bank-http-client.js';
import { createSecretResolver } from '../secrets/secret-resolver.js';
import { ObieConnector } from './obie.connector.js';
import { ConnectorSettingsError, parseObieSettings } from './obie-settings.js';
import { ObieSigner } from './obie-signing.js';

const MINIMAL = { baseUrl: 'https://bank.example/banks/x/', clientId: 'gw', clientSecretRef: 'env:BANK_SECRET', financialId: 'F1' };

function entry(settings: Record<string, unknown>): BankCatalogueEntry {
  return { id: 'bank-x', connector: { type: 'obie', settings } } as unknown as BankCatalogueEntry;
}

const deps = (values: Record<string, string> = { BANK_SECRET: 's3cret' }): ConstructorParameters<typeof ObieConnector>[1] => ({
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

  it.each([
    [{ ...MINIMAL, baseUrl: 'not a url' }, 'connector.settings.baseUrl must be an absolute URL'],
    [{ ...MINIMAL, clientId: undefined }, 'connector.settings.clientId is required'],
    [{ ...MINIMAL, clientSecretRef: 'sandbox-secret' }, "connector.settings.clientSecretRef must be 'literal:<value>' or 'env:<NAME>'"],
    [{ ...MINIMAL, scaApproach: 'embedded' }, 'connector.settings.scaApproach must be one of redirect, decoupled'],
    [{ ...MINIMAL, signing: { enabled: true, kid: 'k1' } }, 'connector.settings.signing.keyRef is required'],
    [{ ...MINIMAL, mtls: { enabled: 'yes' } }, 'connector.settings.mtls.enabled must be true or false'],
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
    expect(() => new ObieConnector(entry(MINIMAL), deps({}))).toThrow(/Bank bank-x: connector.settings.clientSecretRef .*env:BANK_SECRET names a variable that is not set/);
  });

  it('fails fast when mTLS is asked for (no undici to carry a client certificate)', () => {
    const settings = { ...MINIMAL, mtls: { enabled: true, certRef: 'env:CERT', keyRef: 'env:KEY' } };
    expect(() => new ObieConnector(entry(settings), deps())).toThrow(/mtls.enabled is true, but mutual TLS needs an undici Agent/);
  });

  it('fails fast when the signing key is not a private key', () => {
    const settings = { ...MINIMAL, signing: { enabled: true, keyRef: 'literal:not a key', kid: 'k1' } };
    expect(() => new ObieConnector(entry(settings), deps())).toThrow(/signing.keyRef does not resolve to a PEM private key/);
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
    const verified = await compactVerify(`${header}.${Buffer.from(body).toString('base64url')}.${signature}`, await importSPKI(publicKey.export({ type: 'spki', format: 'pem' }).toString(), 'PS256'), {
      crit: { 'http://openbanking.org.uk/iat': true, 'http://openbanking.org.uk/iss': true, 'http://openbanking.org.uk/tan': true },
    });
    expect(new TextDecoder().decode(verified.payload)).toBe(body);
    expect(decodeProtectedHeader(detached ?? '')).toMatchObject({ alg: 'PS256', kid: 'kid-1', 'http://openbanking.org.uk/iat': 1_700_000_000, 'http://openbanking.org.uk/iss': 'org/software' });
  });

  it('leaves bodies unsigned and request objects unsecured when signing is off', async () => {
    const signer = new ObieSigner('bank-x', { enabled: false }, createSecretResolver({}), Date.now);
    expect(await signer.detachedSignature('{}')).toBeUndefined();
    const requestObject = await signer.requestObject({ scope: 'openid payments' }, 'https://bank.example', 'gw');
    expect(decodeProtectedHeader(requestObject)).toEqual({ alg: 'none' });
  });
});
