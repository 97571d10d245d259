import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../process/project-root.js';
import { ConfigError } from './config-error.js';
import { loadConfig, requireAdminToken, requireConnections } from './load-config.js';

const PRODUCTION = {
  ENVIRONMENT: 'production',
  ADMIN_TOKEN: 'a'.repeat(32),
  DATABASE_URL: 'postgres://gw:pw@db.internal:5432/gateway',
  REDIS_URL: 'redis://cache.internal:6379',
  PUBLIC_BASE_URL: 'https://gateway.example.com',
  WEBHOOK_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
} as const;

/** Runs loadConfig and returns the ConfigError it throws (failing the test if it throws nothing else). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has sandbox defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.environment).toBe('sandbox');
    expect(config.http).toEqual({
      port: 8080,
      adminPort: 8081,
      workerPort: 8082,
      sandboxBankPort: 8090,
      host: '0.0.0.0',
      publicBaseUrl: 'http://localhost:8080',
      bodyLimitBytes: 1_048_576,
      jsonMaxDepth: 32,
      trustProxy: false,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.adminToken).toBeUndefined();
    expect(config.logLevel).toBe('info');
    expect(config.otel).toEqual({ exporterEndpoint: undefined, serviceName: 'open-banking-gateway' });
    expect(config.worker).toEqual({
      schedulerTickMs: 1000,
      schedulerBatchSize: 500,
      shutdownGraceMs: 20_000,
      bankStatusProbeSeconds: 60,
      settlementCreditReadSeconds: 30,
      settlementCreditPageSize: 100,
    });
    expect(config.embedded).toEqual({ dataDir: '.data', postgresPort: 54329, redisPort: 63799 });
    expect(config.sandboxBankUrl).toBe('http://127.0.0.1:8090');
  });

  it('defaults the bank catalogue to the shipped sandbox file and takes a relative BANK_CATALOGUE_FILE from the project root', () => {
    expect(loadConfig({}).bankCatalogueFile).toBe(join(projectRoot(), 'config/banks/sandbox.yaml'));
    expect(loadConfig({ BANK_CATALOGUE_FILE: 'config/banks/live.yaml' }).bankCatalogueFile).toBe(
      join(projectRoot(), 'config/banks/live.yaml'),
    );
    expect(loadConfig({ BANK_CATALOGUE_FILE: '/etc/gateway/banks.yaml' }).bankCatalogueFile).toBe(
      '/etc/gateway/banks.yaml',
    );
  });

  it('treats blank values as unset', () => {
    const config = loadConfig({ PORT: '  ', ENVIRONMENT: '', LOG_LEVEL: ' ' });
    expect(config.http.port).toBe(8080);
    expect(config.environment).toBe('sandbox');
    expect(config.logLevel).toBe('info');
  });

  it('derives the public and sandbox bank URLs from the ports, and trims trailing slashes', () => {
    const derived = loadConfig({ PORT: '9000', SANDBOX_BANK_PORT: '9100' });
    expect(derived.http.publicBaseUrl).toBe('http://localhost:9000');
    expect(derived.sandboxBankUrl).toBe('http://127.0.0.1:9100');
    const given = loadConfig({
      PUBLIC_BASE_URL: 'https://gw.example.com//',
      SANDBOX_BANK_URL: 'http://bank.local:1234/',
    });
    expect(given.http.publicBaseUrl).toBe('https://gw.example.com');
    expect(given.sandboxBankUrl).toBe('http://bank.local:1234');
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.environment).toBe('production');
    expect(config.adminToken).toBe(PRODUCTION.ADMIN_TOKEN);
    expect(requireConnections(config)).toMatchObject({
      databaseUrl: PRODUCTION.DATABASE_URL,
      redisUrl: PRODUCTION.REDIS_URL,
    });
  });

  it.each([
    ['ENVIRONMENT', { ENVIRONMENT: 'staging' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '0' }],
    ['PORT', { PORT: '65536' }],
    ['PORT', { PORT: '-1' }],
    ['PORT', { PORT: '80.5' }],
    ['ADMIN_PORT', { PORT: '9000', ADMIN_PORT: '9000' }],
    ['ADMIN_PORT', { ADMIN_PORT: '8080' }],
    ['BODY_LIMIT_BYTES', { BODY_LIMIT_BYTES: '10' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://db.internal/gateway' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['REDIS_URL', { REDIS_URL: 'http://cache.internal' }],
    ['PUBLIC_BASE_URL', { PUBLIC_BASE_URL: 'ftp://gateway.example.com' }],
  ])('rejects a bad %s', (variable, env) => {
    const error = configError(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it.each([
    ['ADMIN_TOKEN', 'short', { ADMIN_TOKEN: 'a'.repeat(31) }],
    ['DATABASE_URL', 'missing', { DATABASE_URL: undefined }],
    ['REDIS_URL', 'missing', { REDIS_URL: undefined }],
    ['PUBLIC_BASE_URL', 'http', { PUBLIC_BASE_URL: 'http://gateway.example.com' }],
    ['PUBLIC_BASE_URL', 'missing (defaults to http)', { PUBLIC_BASE_URL: undefined }],
    ['WEBHOOK_KEY_ENCRYPTION_KEY', 'missing', { WEBHOOK_KEY_ENCRYPTION_KEY: undefined }],
  ])('in production rejects %s (%s)', (variable, _case, override) => {
    const error = configError({ ...PRODUCTION, ...override });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
  });

  it('requires ADMIN_TOKEN in production only of the process serving the admin API (requireAdminToken)', () => {
    const { ADMIN_TOKEN: _token, ...withoutToken } = PRODUCTION;
    const config = loadConfig(withoutToken);
    expect(config.adminToken).toBeUndefined();
    let error: unknown;
    try {
      requireAdminToken(config);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('ADMIN_TOKEN');
    expect(requireAdminToken(loadConfig(PRODUCTION))).toBe(PRODUCTION.ADMIN_TOKEN);
    expect(requireAdminToken(loadConfig({}))).toBeUndefined();
  });

  it('reads ALLOW_SANDBOX_BANKS as true or false, false when unset, and names it when malformed', () => {
    expect(loadConfig({}).allowSandboxBanks).toBe(false);
    expect(loadConfig({ ALLOW_SANDBOX_BANKS: 'true' }).allowSandboxBanks).toBe(true);
    expect(loadConfig({ ALLOW_SANDBOX_BANKS: 'FALSE' }).allowSandboxBanks).toBe(false);
    expect(configError({ ALLOW_SANDBOX_BANKS: 'yes' }).variable).toBe('ALLOW_SANDBOX_BANKS');
  });

  it('allows in sandbox what production refuses', () => {
    const config = loadConfig({ ADMIN_TOKEN: 'short', PUBLIC_BASE_URL: 'http://localhost:3000' });
    expect(config.adminToken).toBe('short');
    expect(config.http.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('reads TRUST_PROXY as off, a hop count or a proxy list, and names it when malformed', () => {
    expect(loadConfig({}).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).http.trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).http.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('collects BANK_SECRET_* variables for env: secret references, and nothing else', () => {
    const config = loadConfig({
      BANK_SECRET_OBIE_CLIENT: 's3cret',
      BANK_SECRET_EMPTY: '',
      ADMIN_TOKEN: 'x',
      OTHER: 'y',
    });
    expect(config.bankSecrets).toEqual({ BANK_SECRET_OBIE_CLIENT: 's3cret' });
  });

  it('reads the webhook key-encryption keys as 32 bytes in hex or base64, never echoing a bad one', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
    for (const written of [
      bytes.toString('hex'),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('base64').replace(/=$/, ''),
    ]) {
      expect(loadConfig({ WEBHOOK_KEY_ENCRYPTION_KEY: written }).webhooks.keyEncryption).toEqual({
        current: bytes,
        previous: [],
      });
    }
    const previous = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    const rotating = loadConfig({
      WEBHOOK_KEY_ENCRYPTION_KEY: bytes.toString('hex'),
      WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: previous.map((key) => key.toString('base64')).join(' , '),
    });
    expect(rotating.webhooks.keyEncryption.previous).toEqual(previous);
    expect(loadConfig({}).webhooks.keyEncryption).toEqual({ current: undefined, previous: [] });
    for (const bad of [
      'too-short',
      'a'.repeat(63),
      Buffer.alloc(31).toString('base64'),
      Buffer.alloc(33).toString('hex'),
    ]) {
      const error = configError({ WEBHOOK_KEY_ENCRYPTION_KEY: bad });
      expect(error.variable).toBe('WEBHOOK_KEY_ENCRYPTION_KEY');
      expect(error.message).not.toContain(bad);
    }
    expect(
      configError({ WEBHOOK_KEY_ENCRYPTION_KEY: bytes.toString('hex'), WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: 'nope' })
        .variable,
    ).toBe('WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS');
    expect(configError({ WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS: bytes.toString('hex') }).variable).toBe(
      'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS',
    );
  });

  it('keeps webhook history 30 days and dead letters 90 by default', () => {
    expect(loadConfig({}).webhooks).toMatchObject({ retentionDays: 30, deadLetterRetentionDays: 90 });
    expect(
      loadConfig({ WEBHOOK_RETENTION_DAYS: '7', WEBHOOK_DEAD_LETTER_RETENTION_DAYS: '365' }).webhooks,
    ).toMatchObject({ retentionDays: 7, deadLetterRetentionDays: 365 });
    expect(configError({ WEBHOOK_RETENTION_DAYS: '0' }).variable).toBe('WEBHOOK_RETENTION_DAYS');
    expect(configError({ WEBHOOK_DEAD_LETTER_RETENTION_DAYS: 'ninety' }).variable).toBe(
      'WEBHOOK_DEAD_LETTER_RETENTION_DAYS',
    );
  });

  it('offers the sandbox bank as the settlement provider, at the sandbox bank URL, with the documented sandbox key', () => {
    expect(loadConfig({ SANDBOX_BANK_URL: 'http://bank.local:1234/' }).settlement).toEqual({
      defaultProviderId: 'sandbox-bank',
      sandbox: {
        providerId: 'sandbox-bank',
        baseUrl: 'http://bank.local:1234/settlement/v1',
        apiKey: 'sandbox-settlement-key',
      },
    });
    const given = loadConfig({
      SANDBOX_SETTLEMENT_PROVIDER_ID: 'sbx',
      SANDBOX_SETTLEMENT_URL: 'https://provider.example/api/',
      SANDBOX_SETTLEMENT_API_KEY: 'k',
      SETTLEMENT_PROVIDER: 'other',
    }).settlement;
    expect(given).toEqual({
      defaultProviderId: 'other',
      sandbox: { providerId: 'sbx', baseUrl: 'https://provider.example/api', apiKey: 'k' },
    });
    expect(loadConfig(PRODUCTION).settlement.sandbox.apiKey).toBeUndefined();
    expect(configError({ SANDBOX_SETTLEMENT_PROVIDER_ID: 'a b' }).message).toMatch(/SANDBOX_SETTLEMENT_PROVIDER_ID/);
  });

  it('requireConnections names the missing URL', () => {
    expect(() => requireConnections(loadConfig({}))).toThrow(/DATABASE_URL/);
    expect(() => requireConnections(loadConfig({ DATABASE_URL: 'postgresql://localhost/db' }))).toThrow(/REDIS_URL/);
  });
});
