import { resolve } from 'node:path';
import { projectRoot } from '../process/project-root.js';
import {
  ACCOUNT_INFORMATION_CACHE_STORES,
  type AppConfig,
  type Environment,
  type LogFormat,
  type LogLevel,
  type SettlementConfig,
} from './app-config.js';
import { ConfigError } from './config-error.js';

type Env = Readonly<Record<string, string | undefined>>;

const ENVIRONMENTS: readonly Environment[] = ['sandbox', 'production'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const LOG_FORMATS: readonly LogFormat[] = ['auto', 'json', 'pretty'];

function text(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new ConfigError(name, `must be an integer (got "${value}")`);
  const parsed = Number(value);
  if (parsed < min || parsed > max) throw new ConfigError(name, `must be between ${min} and ${max} (got ${parsed})`);
  return parsed;
}

function url(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const value = text(env, name);
  if (value === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, 'must be an absolute URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use one of ${protocols.join(', ')} (got "${parsed.protocol}")`);
  }
  return value;
}

function trustProxy(env: Env): false | number | readonly string[] {
  const value = text(env, 'TRUST_PROXY');
  if (value === undefined || value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry))) {
    throw new ConfigError('TRUST_PROXY', 'must be false, a hop count, or a comma list of proxy IP addresses or CIDRs');
  }
  return entries;
}

/** A comma list of positive integers (seconds), e.g. `5,15,60`. */
function secondsList(env: Env, name: string, fallback: readonly number[]): readonly number[] {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parts = value.split(',').map((part) => part.trim());
  if (parts.some((part) => !/^\d{1,7}$/.test(part) || Number(part) < 1))
    throw new ConfigError(name, `must be a comma list of whole seconds >= 1 (got "${value}")`);
  return parts.map(Number);
}

/** `true` or `false` (any case); unset is `fallback`. */
function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (value !== 'true' && value !== 'false') throw new ConfigError(name, `must be true or false (got "${value}")`);
  return value === 'true';
}

function queuePrefix(env: Env): string {
  const value = text(env, 'QUEUE_PREFIX') ?? 'bull';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(value))
    throw new ConfigError('QUEUE_PREFIX', `must be 1 to 64 letters, digits, "_" or "-" (got "${value}")`);
  return value;
}

/** 32 bytes written as 64 hex digits or as base64 / base64url (padding optional); never echoes the value. */
function keyBytes(name: string, value: string): Buffer {
  let bytes: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(value)) bytes = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) bytes = Buffer.from(value, 'base64');
  if (bytes?.length !== 32)
    throw new ConfigError(name, `must be 32 bytes, as 64 hex digits or base64 (got ${value.length} characters)`);
  return bytes;
}

/**
 * The key-encryption key of the webhook signing keys at rest (WEBHOOK_KEY_ENCRYPTION_KEY),
 * required in production, and earlier ones still read during a rotation
 * (WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS, a comma list).
 */
function keyEncryptionKeys(
  env: Env,
  environment: Environment,
): { current: Buffer | undefined; previous: readonly Buffer[] } {
  const value = text(env, 'WEBHOOK_KEY_ENCRYPTION_KEY');
  if (value === undefined && environment === 'production') {
    throw new ConfigError(
      'WEBHOOK_KEY_ENCRYPTION_KEY',
      'is required when ENVIRONMENT=production (32 random bytes, base64 or hex: openssl rand -base64 32)',
    );
  }
  const current = value === undefined ? undefined : keyBytes('WEBHOOK_KEY_ENCRYPTION_KEY', value);
  const previousText = text(env, 'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS');
  if (previousText !== undefined && current === undefined) {
    throw new ConfigError(
      'WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS',
      'needs WEBHOOK_KEY_ENCRYPTION_KEY (the key that replaces them)',
    );
  }
  const previous = (previousText ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => keyBytes('WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS', entry));
  return { current, previous };
}

/** The documented sandbox default of SANDBOX_SETTLEMENT_API_KEY. */
export const SANDBOX_SETTLEMENT_DEFAULT_KEY = 'sandbox-settlement-key';

function settlement(env: Env, environment: Environment, sandboxBankUrl: string): SettlementConfig {
  const providerId = text(env, 'SANDBOX_SETTLEMENT_PROVIDER_ID') ?? 'sandbox-bank';
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(providerId))
    throw new ConfigError('SANDBOX_SETTLEMENT_PROVIDER_ID', 'must be 1 to 64 letters, digits, ".", "_" or "-"');
  const baseUrl = url(env, 'SANDBOX_SETTLEMENT_URL', ['http:', 'https:']) ?? `${sandboxBankUrl}/settlement/v1`;
  const apiKey =
    text(env, 'SANDBOX_SETTLEMENT_API_KEY') ?? (environment === 'sandbox' ? SANDBOX_SETTLEMENT_DEFAULT_KEY : undefined);
  return {
    defaultProviderId: text(env, 'SETTLEMENT_PROVIDER') ?? providerId,
    sandbox: { providerId, baseUrl: baseUrl.replace(/\/+$/, ''), apiKey },
  };
}

/**
 * Builds the typed configuration from the environment. The only place that reads
 * environment variables; every failure names the variable at fault.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const environment = oneOf(env, 'ENVIRONMENT', ENVIRONMENTS, 'sandbox');
  const port = integer(env, 'PORT', 8080, 1, 65535);
  const adminPort = integer(env, 'ADMIN_PORT', 8081, 1, 65535);
  const workerPort = integer(env, 'WORKER_PORT', 8082, 1, 65535);
  const sandboxBankPort = integer(env, 'SANDBOX_BANK_PORT', 8090, 1, 65535);
  if (adminPort === port) throw new ConfigError('ADMIN_PORT', 'must differ from PORT');

  // Required only where the admin API is served (requireAdminToken): the worker and the migration
  // runner have no admin routes and start without it.
  const adminToken = text(env, 'ADMIN_TOKEN');
  if (environment === 'production' && adminToken !== undefined && adminToken.length < 32) {
    throw new ConfigError('ADMIN_TOKEN', 'must be at least 32 characters');
  }
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  if (environment === 'production' && databaseUrl === undefined) {
    throw new ConfigError('DATABASE_URL', 'is required when ENVIRONMENT=production');
  }
  if (environment === 'production' && redisUrl === undefined) {
    throw new ConfigError('REDIS_URL', 'is required when ENVIRONMENT=production');
  }
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const sandboxBankUrl = (
    url(env, 'SANDBOX_BANK_URL', ['http:', 'https:']) ?? `http://127.0.0.1:${sandboxBankPort}`
  ).replace(/\/+$/, '');
  if (environment === 'production' && !publicBaseUrl.startsWith('https:')) {
    throw new ConfigError('PUBLIC_BASE_URL', 'must be https when ENVIRONMENT=production');
  }

  return {
    environment,
    http: {
      port,
      adminPort,
      workerPort,
      sandboxBankPort,
      host: text(env, 'HOST') ?? '0.0.0.0',
      publicBaseUrl: publicBaseUrl.replace(/\/+$/, ''),
      trustProxy: trustProxy(env),
      bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
      jsonMaxDepth: integer(env, 'JSON_MAX_DEPTH', 32, 8, 256),
    },
    api: { workers: integer(env, 'API_WORKERS', 1, 1, 64) },
    databaseUrl,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', 20, 2, 500),
    databasePoolAcquireTimeoutMs: integer(env, 'DATABASE_POOL_ACQUIRE_TIMEOUT_MS', 3000, 50, 60_000),
    redisUrl,
    adminToken,
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', LOG_FORMATS, 'auto'),
    otel: {
      exporterEndpoint: url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT', ['http:', 'https:']),
      serviceName: text(env, 'OTEL_SERVICE_NAME') ?? 'open-banking-gateway',
    },
    worker: {
      schedulerTickMs: integer(env, 'SCHEDULER_TICK_MS', 1000, 50, 60_000),
      schedulerBatchSize: integer(env, 'SCHEDULER_BATCH_SIZE', 500, 1, 10_000),
      shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 20_000, 0, 600_000),
      bankStatusProbeSeconds: integer(env, 'BANK_STATUS_PROBE_SECONDS', 60, 1, 86_400),
      settlementCreditReadSeconds: integer(env, 'SETTLEMENT_CREDIT_READ_SECONDS', 30, 1, 86_400),
      settlementCreditPageSize: integer(env, 'SETTLEMENT_CREDIT_PAGE_SIZE', 100, 1, 200),
    },
    embedded: {
      dataDir: text(env, 'DATA_DIR') ?? '.data',
      postgresPort: integer(env, 'EMBEDDED_POSTGRES_PORT', 54329, 1, 65535),
      redisPort: integer(env, 'EMBEDDED_REDIS_PORT', 63799, 1, 65535),
    },
    auth: { credentialCacheMs: integer(env, 'AUTH_CACHE_TTL_MS', 60_000, 0, 3_600_000) },
    rateLimits: {
      readPerMinute: integer(env, 'RATE_LIMIT_READ_PER_MINUTE', 1200, 1, 10_000_000),
      writePerMinute: integer(env, 'RATE_LIMIT_WRITE_PER_MINUTE', 600, 1, 10_000_000),
      authFailuresPerMinute: integer(env, 'RATE_LIMIT_AUTH_FAILURES_PER_MINUTE', 30, 1, 10_000_000),
      publicPerAddressPerMinute: integer(env, 'RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE', 300, 1, 10_000_000),
      publicPerResourcePerMinute: integer(env, 'RATE_LIMIT_PUBLIC_PER_RESOURCE_PER_MINUTE', 120, 1, 10_000_000),
    },
    queuePrefix: queuePrefix(env),
    console: {
      sessionHours: integer(env, 'CONSOLE_SESSION_HOURS', 8, 1, 24),
      sessionIdleMinutes: integer(env, 'CONSOLE_SESSION_IDLE_MINUTES', 30, 5, 480),
    },
    webhooks: {
      attemptTimeoutMs: integer(env, 'WEBHOOK_ATTEMPT_TIMEOUT_MS', 10_000, 100, 60_000),
      concurrency: integer(env, 'WEBHOOK_CONCURRENCY', 50, 1, 1000),
      sweepMs: integer(env, 'WEBHOOK_SWEEP_MS', 5000, 50, 600_000),
      recoverAfterMs: integer(env, 'WEBHOOK_RECOVER_AFTER_MS', 30_000, 100, 3_600_000),
      keyGraceHours: integer(env, 'WEBHOOK_KEY_GRACE_HOURS', 168, 0, 24 * 365),
      keyEncryption: keyEncryptionKeys(env, environment),
      retentionDays: integer(env, 'WEBHOOK_RETENTION_DAYS', 30, 1, 3650),
      deadLetterRetentionDays: integer(env, 'WEBHOOK_DEAD_LETTER_RETENTION_DAYS', 90, 1, 3650),
    },
    payments: {
      bankDeadlineMs: integer(env, 'PAYMENT_BANK_DEADLINE_MS', 30_000, 100, 300_000),
      authorisationWindowMinutes: integer(env, 'PAYMENT_AUTH_WINDOW_MINUTES', 15, 1, 24 * 60),
      pollingDays: integer(env, 'PAYMENT_POLLING_DAYS', 30, 1, 365),
      pollScheduleSeconds: secondsList(env, 'PAYMENT_POLL_SCHEDULE_SECONDS', [5, 15, 30, 60, 300, 900, 3600]),
    },
    tokens: {
      requestLifetimeMinutes: integer(env, 'TOKEN_REQUEST_LIFETIME_MINUTES', 15, 1, 24 * 60),
      accessLifetimeDays: integer(env, 'ACCESS_TOKEN_LIFETIME_DAYS', 90, 1, 3650),
    },
    accountInformation: {
      cache: oneOf(env, 'ACCOUNT_INFORMATION_CACHE', ACCOUNT_INFORMATION_CACHE_STORES, 'redis'),
      cacheSeconds: integer(env, 'ACCOUNT_INFORMATION_CACHE_SECONDS', 60, 1, 3600),
    },
    reconciliation: {
      intervalSeconds: integer(env, 'SETTLEMENT_RECONCILE_INTERVAL_SECONDS', 5, 1, 3600),
      batchSize: integer(env, 'SETTLEMENT_RECONCILE_BATCH_SIZE', 500, 1, 10_000),
      retrySeconds: integer(env, 'SETTLEMENT_RECONCILE_RETRY_SECONDS', 60, 1, 86_400),
    },
    idempotency: { ttlHours: integer(env, 'IDEMPOTENCY_TTL_HOURS', 24, 1, 24 * 30) },
    bankSecrets: Object.fromEntries(
      Object.entries(env).filter(
        (entry): entry is [string, string] =>
          entry[0].startsWith('BANK_SECRET_') && entry[1] !== undefined && entry[1] !== '',
      ),
    ),
    sandboxBankUrl,
    bankCatalogueFile: resolve(projectRoot(), text(env, 'BANK_CATALOGUE_FILE') ?? 'config/banks/sandbox.yaml'),
    allowSandboxBanks: flag(env, 'ALLOW_SANDBOX_BANKS', false),
    settlement: settlement(env, environment, sandboxBankUrl),
  };
}

/**
 * The admin API's bearer token, for the process that serves the admin routes (the api): required
 * when ENVIRONMENT=production; in sandbox undefined when unset (the api then generates one).
 */
export function requireAdminToken(config: Pick<AppConfig, 'environment' | 'adminToken'>): string | undefined {
  if (config.environment === 'production' && config.adminToken === undefined) {
    throw new ConfigError('ADMIN_TOKEN', 'is required when ENVIRONMENT=production (the api serves the admin API)');
  }
  return config.adminToken;
}

/** The configuration with the connection URLs that the process must have to run. */
export type ConnectedConfig = AppConfig & { readonly databaseUrl: string; readonly redisUrl: string };

export function requireConnections(config: AppConfig): ConnectedConfig {
  if (config.databaseUrl === undefined) throw new ConfigError('DATABASE_URL', 'is required for this process');
  if (config.redisUrl === undefined) throw new ConfigError('REDIS_URL', 'is required for this process');
  return config as ConnectedConfig;
}
