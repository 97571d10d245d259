import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import { pino } from 'pino';
import { Agent } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BankUnavailableError } from '../bank-errors.js';
import type { BankCatalogueEntry } from '../catalogue/bank-catalogue-entry.js';
import { ObieConnector } from '../obie/obie.connector.js';
import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { createSecretResolver } from '../secrets/secret-resolver.js';
import { BankHttpClient, type BankHttpClientOptions } from './bank-http-client.js';
import { BankTlsMaterialError, readTlsIdentity, type BankTlsIdentity } from './bank-tls.js';

/** A throwaway PKI made with openssl for this run: nothing is kept in the repository. */
interface Pki {
  readonly ca: string;
  readonly otherCa: string;
  readonly server: { readonly cert: string; readonly key: string };
  /** Server certificate for the DNS name bank.test only (no IP address). */
  readonly namedServer: { readonly cert: string; readonly key: string };
  readonly client: { readonly cert: string; readonly key: string };
  /** A client certificate issued by a CA the server does not trust. */
  readonly rogueClient: { readonly cert: string; readonly key: string };
}

const CLIENT_CN = 'tpp-transport-client';

function makePki(dir: string): Pki {
  const openssl = (...args: string[]): void => void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const authority = (name: string): void =>
    openssl(
      'req',
      '-x509',
      ...newKey,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      `/CN=${name} test CA`,
    );
  const issue = (name: string, issuer: string, cn: string, extensions: string): void => {
    writeFileSync(join(dir, `${name}.ext`), `${extensions}\n`);
    openssl('req', '-new', ...newKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.crt`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    );
  };
  authority('ca');
  authority('other-ca');
  issue('server', 'ca', '127.0.0.1', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth');
  issue('named-server', 'ca', 'bank.test', 'subjectAltName=DNS:bank.test\nextendedKeyUsage=serverAuth');
  issue('client', 'ca', CLIENT_CN, 'extendedKeyUsage=clientAuth');
  issue('rogue-client', 'other-ca', 'rogue-client', 'extendedKeyUsage=clientAuth');
  const read = (file: string): string => readFileSync(join(dir, file), 'utf8');
  const pair = (name: string): { cert: string; key: string } => ({
    cert: read(`${name}.crt`),
    key: read(`${name}.key`),
  });
  return {
    ca: read('ca.crt'),
    otherCa: read('other-ca.crt'),
    server: pair('server'),
    namedServer: pair('named-server'),
    client: pair('client'),
    rogueClient: pair('rogue-client'),
  };
}

interface Hit {
  readonly method: string;
  readonly path: string;
  /** The client certificate's subject CN as the server verified it. */
  readonly clientCn: string | undefined;
}

let dir: string;
let pki: Pki;
let hits: Hit[];
let tlsConnections: number;
let logs: string;
let route: (request: IncomingMessage, response: ServerResponse) => void;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** An https server that accepts only clients with a certificate issued by the test CA. */
async function startBank(certificate: { cert: string; key: string }): Promise<{ server: Server; port: number }> {
  const server = createServer(
    { cert: certificate.cert, key: certificate.key, ca: pki.ca, requestCert: true, rejectUnauthorized: true },
    (request, response) => {
      const peer = (request.socket as TLSSocket).getPeerCertificate();
      hits.push({
        method: request.method ?? '',
        path: request.url ?? '',
        clientCn: typeof peer.subject?.CN === 'string' ? peer.subject.CN : undefined,
      });
      request.resume();
      request.on('end', () => route(request, response));
    },
  );
  server.on('secureConnection', () => (tlsConnections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

let bank: { server: Server; port: number };
let base: string;
const clients: BankHttpClient[] = [];

function client(overrides: Partial<BankHttpClientOptions> = {}): BankHttpClient {
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => ((logs += chunk.toString('utf8')), done()) });
  const created = new BankHttpClient({
    logger: pino({ level: 'debug' }, sink),
    backoff: { baseMs: 10, maxMs: 40 },
    ...overrides,
  });
  clients.push(created);
  return created;
}

const identity = (overrides: Partial<BankTlsIdentity> = {}): BankTlsIdentity => ({
  certificate: pki.client.cert,
  privateKey: pki.client.key,
  ca: pki.ca,
  ...overrides,
});
const ctx = (bankId = 'bank-x'): { bankId: string; deadlineMs: number } => ({ bankId, deadlineMs: Date.now() + 5000 });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bank-mtls-'));
  pki = makePki(dir);
  bank = await startBank(pki.server);
  base = `https://127.0.0.1:${bank.port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((created) => created.close()));
  await stop(bank.server);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  hits = [];
  tlsConnections = 0;
  logs = '';
  route = (request, response) => json(response, 200, { path: request.url });
});

describe('BankHttpClient over mutual TLS', () => {
  it('presents the bank client certificate, and the server sees its subject', async () => {
    const http = client().withClientCertificate('bank-x', identity());
    const response = await http.send(ctx(), { method: 'GET', url: `${base}/accounts`, operation: 'test.mtls' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ path: '/accounts' });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(hits).toEqual([{ method: 'GET', path: '/accounts', clientCn: CLIENT_CN }]);
    expect(logs).toContain('"mtls":true');
  });

  it('keeps the client rules over mTLS: a POST with an idempotency key is retried on 5xx', async () => {
    route = (_request, response) =>
      hits.length < 2 ? json(response, 503, {}) : json(response, 201, { created: true });
    const http = client().withClientCertificate('bank-x', identity());
    const response = await http.send(ctx(), {
      method: 'POST',
      url: `${base}/write`,
      operation: 'test.mtls.write',
      headers: { 'x-idempotency-key': 'k-1' },
      body: '{}',
    });
    expect(response.status).toBe(201);
    expect(hits.map((hit) => hit.clientCn)).toEqual([CLIENT_CN, CLIENT_CN]);
  });

  it('builds one agent per bank: clients for the same bank and material share its connections', async () => {
    const shared = client();
    await shared
      .withClientCertificate('bank-x', identity())
      .send(ctx(), { method: 'GET', url: `${base}/one`, operation: 'test.mtls' });
    await sleep(20); // the socket returns to the agent's pool a moment after the body is read
    await shared
      .withClientCertificate('bank-x', identity())
      .send(ctx(), { method: 'GET', url: `${base}/two`, operation: 'test.mtls' });
    expect(hits).toHaveLength(2);
    expect(tlsConnections).toBe(1);
  });

  it('refuses material that cannot work before any call', () => {
    expect(() => client().withClientCertificate('bank-x', identity({ privateKey: pki.server.key }))).toThrow(
      BankTlsMaterialError,
    );
    const later = client({ now: () => Date.now() + 5 * 86_400_000 });
    expect(() => later.withClientCertificate('bank-x', identity())).toThrow(/mutual TLS certificate expired on/);
  });

  it('fails with BankUnavailableError once closed', async () => {
    const shared = client();
    const http = shared.withClientCertificate('bank-x', identity());
    await http.send(ctx(), { method: 'GET', url: `${base}/before`, operation: 'test.mtls' });
    await shared.close();
    await expect(
      http.send(ctx(), { method: 'GET', url: `${base}/after`, operation: 'test.mtls' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits.map((hit) => hit.path)).toEqual(['/before']);
  });

  it('leaves the shared client as it was: without the agent it neither trusts the bank CA nor presents a certificate', async () => {
    const shared = client({ maxAttempts: 1 });
    shared.withClientCertificate('bank-x', identity());
    await expect(
      shared.send(ctx(), { method: 'GET', url: `${base}/plain`, operation: 'test.plain' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits).toHaveLength(0);
  });

  it('is refused by the bank without a client certificate: BankUnavailableError, not a crash', async () => {
    const caOnly = new Agent({ connect: { ca: pki.ca } });
    try {
      const error = await client({ maxAttempts: 1, dispatcher: caOnly })
        .send(ctx(), { method: 'GET', url: `${base}/accounts`, operation: 'test.no-cert' })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BankUnavailableError);
      expect(hits).toHaveLength(0);
    } finally {
      await caOnly.close();
    }
  });

  it('is refused by the bank with a certificate from a CA it does not trust', async () => {
    const http = client({ maxAttempts: 1 }).withClientCertificate(
      'bank-x',
      identity({ certificate: pki.rogueClient.cert, privateKey: pki.rogueClient.key }),
    );
    await expect(
      http.send(ctx(), { method: 'GET', url: `${base}/accounts`, operation: 'test.rogue' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits).toHaveLength(0);
  });

  it('refuses a bank whose server certificate does not chain to the configured CA', async () => {
    const http = client({ maxAttempts: 1 }).withClientCertificate('bank-x', identity({ ca: pki.otherCa }));
    await expect(
      http.send(ctx(), { method: 'GET', url: `${base}/accounts`, operation: 'test.wrong-ca' }),
    ).rejects.toBeInstanceOf(BankUnavailableError);
    expect(hits).toHaveLength(0);
    expect(logs).toMatch(/"err":"Error: [^"]+ \([A-Z_]+\)"/);
  });

  it('checks the server certificate against serverName when it is set', async () => {
    const named = await startBank(pki.namedServer);
    try {
      const url = `https://127.0.0.1:${named.port}/accounts`;
      const withName = client().withClientCertificate('bank-named', identity({ serverName: 'bank.test' }));
      expect((await withName.send(ctx('bank-named'), { method: 'GET', url, operation: 'test.sni' })).status).toBe(200);
      const withoutName = client({ maxAttempts: 1 }).withClientCertificate('bank-named', identity());
      await expect(
        withoutName.send(ctx('bank-named'), { method: 'GET', url, operation: 'test.sni' }),
      ).rejects.toBeInstanceOf(BankUnavailableError);
      expect(hits.map((hit) => hit.clientCn)).toEqual([CLIENT_CN]);
    } finally {
      await stop(named.server);
    }
  });
});

describe('readTlsIdentity', () => {
  const problem = (material: BankTlsIdentity, nowMs = Date.now()): BankTlsMaterialError => {
    try {
      readTlsIdentity(material, nowMs);
    } catch (error) {
      if (error instanceof BankTlsMaterialError) return error;
      throw error;
    }
    throw new Error('expected a BankTlsMaterialError');
  };

  it('accepts a certificate with its key and CA, also with line breaks written as \\n', () => {
    const oneLine = (pem: string): string => pem.trim().replaceAll('\n', '\\n');
    expect(
      readTlsIdentity(
        identity({ certificate: oneLine(pki.client.cert), privateKey: oneLine(pki.client.key) }),
        Date.now(),
      ),
    ).toEqual({
      certificate: pki.client.cert.trim(),
      privateKey: pki.client.key.trim(),
      ca: pki.ca.trim(),
    });
  });

  it.each([
    ['certificate', { certificate: 'not a certificate' }, 'is not a PEM certificate'],
    [
      'certificate',
      { certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
      'is not a valid X.509 certificate',
    ],
    ['privateKey', { privateKey: 'not a key' }, 'is not an unencrypted PEM private key'],
    ['ca', { ca: 'not a CA bundle' }, 'is not a PEM certificate'],
  ] as const)('names the %s when it is not PEM', (part, overrides, message) => {
    const error = problem(identity(overrides));
    expect(error.part).toBe(part);
    expect(error.problem).toContain(message);
  });

  it('refuses a key that is not the certificate key', () => {
    expect(problem(identity({ privateKey: pki.server.key }))).toMatchObject({
      part: 'privateKey',
      problem: 'is not the private key of the certificate',
    });
  });

  it('refuses an expired certificate', () => {
    expect(problem(identity(), Date.now() + 5 * 86_400_000)).toMatchObject({
      part: 'certificate',
      problem: expect.stringMatching(/^expired on \d{4}-/) as unknown,
    });
  });
});

describe('ObieConnector with mtls enabled', () => {
  const bankSecrets = (): Record<string, string> => ({
    BANK_SECRET_CLIENT: 's3cret',
    BANK_SECRET_TRANSPORT_CERT: pki.client.cert,
    BANK_SECRET_TRANSPORT_KEY: pki.client.key,
    BANK_SECRET_BANK_CA: pki.ca,
  });
  const mtls = {
    enabled: true,
    certRef: 'env:BANK_SECRET_TRANSPORT_CERT',
    keyRef: 'env:BANK_SECRET_TRANSPORT_KEY',
    caRef: 'env:BANK_SECRET_BANK_CA',
  };

  function connector(
    mtlsSettings: Record<string, unknown> = mtls,
    secrets: Record<string, string> = bankSecrets(),
  ): ObieConnector {
    const settings = {
      baseUrl: `${base}/banks/x`,
      clientId: 'gw',
      clientSecretRef: 'env:BANK_SECRET_CLIENT',
      financialId: 'F1',
      mtls: mtlsSettings,
    };
    const entry = { id: 'bank-x', connector: { type: 'obie', settings } } as unknown as BankCatalogueEntry;
    return new ObieConnector(entry, { http: client({ maxAttempts: 1 }), secrets: createSecretResolver(secrets) });
  }

  beforeEach(() => {
    route = (request, response) => {
      if (request.url === '/banks/x/as/token')
        return json(response, 200, { access_token: 'token-1', token_type: 'Bearer', expires_in: 300 });
      if (request.url === '/banks/x/open-banking/v3.1/pisp/domestic-vrps/vrp-1')
        return json(response, 200, {
          Data: { DomesticVRPId: 'vrp-1', Status: 'AcceptedSettlementCompleted' },
          Links: {},
          Meta: {},
        });
      return json(response, 404, {});
    };
  });

  it('constructs, and sends token and resource calls with the client certificate', async () => {
    const obie = connector();
    expect(await obie.health(ctx())).toMatchObject({ pis: 'UP', ais: 'UP' });
    expect(await obie.getVrpStatus(ctx(), 'vrp-1')).toMatchObject({ bankVrpId: 'vrp-1', outcome: 'COMPLETED' });
    expect(hits).toEqual([
      { method: 'POST', path: '/banks/x/as/token', clientCn: CLIENT_CN },
      { method: 'POST', path: '/banks/x/as/token', clientCn: CLIENT_CN },
      { method: 'GET', path: '/banks/x/open-banking/v3.1/pisp/domestic-vrps/vrp-1', clientCn: CLIENT_CN },
    ]);
  });

  it('reports the bank DOWN, not a crash, when the bank does not trust the certificate', async () => {
    const rogue = {
      ...bankSecrets(),
      BANK_SECRET_TRANSPORT_CERT: pki.rogueClient.cert,
      BANK_SECRET_TRANSPORT_KEY: pki.rogueClient.key,
    };
    expect(await connector(mtls, rogue).health(ctx())).toMatchObject({ pis: 'DOWN', ais: 'DOWN' });
    expect(hits).toHaveLength(0);
  });

  it.each([
    ['mtls.certRef', { BANK_SECRET_TRANSPORT_CERT: 'garbage' }, 'is not a PEM certificate'],
    ['mtls.keyRef', { BANK_SECRET_TRANSPORT_KEY: 'garbage' }, 'is not an unencrypted PEM private key'],
    [
      'mtls.keyRef',
      { BANK_SECRET_TRANSPORT_KEY: '' },
      'env:BANK_SECRET_TRANSPORT_KEY names a variable that is not set',
    ],
    ['mtls.caRef', { BANK_SECRET_BANK_CA: 'garbage' }, 'is not a PEM certificate'],
  ])('fails at construction naming %s', (field, secrets, message) => {
    expect(() => connector(mtls, { ...bankSecrets(), ...secrets })).toThrow(ConnectorSettingsError);
    expect(() => connector(mtls, { ...bankSecrets(), ...secrets })).toThrow(`Bank bank-x: connector.settings.${field}`);
    expect(() => connector(mtls, { ...bankSecrets(), ...secrets })).toThrow(message);
  });

  it('never quotes the PEM it refuses', () => {
    const error = ((): unknown => {
      try {
        connector(mtls, { ...bankSecrets(), BANK_SECRET_TRANSPORT_KEY: pki.server.key });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ConnectorSettingsError);
    expect((error as Error).message).toBe(
      'Bank bank-x: connector.settings.mtls.keyRef is not the private key of the certificate',
    );
    expect((error as Error).message).not.toContain('BEGIN');
  });
});
