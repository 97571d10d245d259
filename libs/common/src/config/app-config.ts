export type Environment = 'sandbox' | 'production';
export const ACCOUNT_INFORMATION_CACHE_STORES = ['redis', 'postgres', 'off'] as const;
export type AccountInformationCacheStore = (typeof ACCOUNT_INFORMATION_CACHE_STORES)[number];
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The whole configuration of every process, read and validated once at boot. */
export interface AppConfig {
  readonly environment: Environment;
  readonly http: {
    /** Public API port (PORT). */
    readonly port: number;
    /** Admin API port (ADMIN_PORT); never served on the public port. */
    readonly adminPort: number;
    /** Worker health and metrics port (WORKER_PORT). */
    readonly workerPort: number;
    /** Sandbox bank port (SANDBOX_BANK_PORT). */
    readonly sandboxBankPort: number;
    /** Address every listener binds to (HOST). */
    readonly host: string;
    /** Base URL the public sees (PUBLIC_BASE_URL); used in redirect and hosted-page links. */
    readonly publicBaseUrl: string;
    /**
     * Which proxies may set X-Forwarded-For (TRUST_PROXY): false (default: the socket address is
     * the client), a hop count, or a list of proxy addresses/CIDRs.
     */
    readonly trustProxy: false | number | readonly string[];
    /** Largest accepted request body in bytes (BODY_LIMIT_BYTES). */
    readonly bodyLimitBytes: number;
    /** Deepest nesting of objects and arrays a JSON body may have; deeper is a 400 (JSON_MAX_DEPTH). */
    readonly jsonMaxDepth: number;
  };
  readonly api: {
    /**
     * Api processes sharing the public and admin ports on one host (API_WORKERS; node:cluster).
     * 1 runs the api in one process; more make a primary that starts, restarts and stops them.
     */
    readonly workers: number;
  };
  readonly databaseUrl: string | undefined;
  /** Postgres connections the api and the worker each keep at most (DATABASE_POOL_SIZE). */
  readonly databasePoolSize: number;
  readonly redisUrl: string | undefined;
  /** Admin bearer token (ADMIN_TOKEN); required in production, generated in sandbox when absent. */
  readonly adminToken: string | undefined;
  readonly logLevel: LogLevel;
  readonly otel: {
    /** OTLP/HTTP collector base URL (OTEL_EXPORTER_OTLP_ENDPOINT); tracing exports only when set. */
    readonly exporterEndpoint: string | undefined;
    readonly serviceName: string;
  };
  readonly worker: {
    /** Scheduler tick period in milliseconds (SCHEDULER_TICK_MS). */
    readonly schedulerTickMs: number;
    /** Due rows claimed per tick (SCHEDULER_BATCH_SIZE). */
    readonly schedulerBatchSize: number;
    /** Grace period for in-flight jobs at shutdown (SHUTDOWN_GRACE_MS). */
    readonly shutdownGraceMs: number;
    /** Seconds between probes of every listed bank's AIS / PIS status (BANK_STATUS_PROBE_SECONDS). */
    readonly bankStatusProbeSeconds: number;
    /** Seconds between two reads of a settlement account's credits at its provider (SETTLEMENT_CREDIT_READ_SECONDS). */
    readonly settlementCreditReadSeconds: number;
    /** Credits asked for per page when reading a settlement account's credits (SETTLEMENT_CREDIT_PAGE_SIZE). */
    readonly settlementCreditPageSize: number;
  };
  /** What `npm start` runs itself when DATABASE_URL / REDIS_URL are not set. */
  readonly embedded: {
    /** Where the embedded Postgres and Redis keep their data (DATA_DIR). */
    readonly dataDir: string;
    /** Port of the embedded Postgres (EMBEDDED_POSTGRES_PORT). */
    readonly postgresPort: number;
    /** Port of the local redis-server (EMBEDDED_REDIS_PORT). */
    readonly redisPort: number;
  };
  readonly auth: {
    /**
     * How long a verified credential (API key or member public key, with its member) is reused
     * without reading Postgres (AUTH_CACHE_TTL_MS; 0 = read every time). Revocations, key
     * deletions and member changes take effect at once on every replica regardless: each
     * request checks the credentials generation counter in Redis in its rate-limit call.
     */
    readonly credentialCacheMs: number;
  };
  readonly rateLimits: {
    /** Requests per member per minute on reading routes (RATE_LIMIT_READ_PER_MINUTE). */
    readonly readPerMinute: number;
    /** Requests per member per minute on writing routes (RATE_LIMIT_WRITE_PER_MINUTE). */
    readonly writePerMinute: number;
    /** Failed authentications per client IP per minute before 429 (RATE_LIMIT_AUTH_FAILURES_PER_MINUTE). */
    readonly authFailuresPerMinute: number;
    /**
     * Requests per client IP per minute to the public pages and callbacks together: hosted pages,
     * payment link pages, bank callbacks (RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE).
     */
    readonly publicPerAddressPerMinute: number;
    /** Requests per minute to one payment's, link's, consent's page or one callback state (RATE_LIMIT_PUBLIC_PER_RESOURCE_PER_MINUTE). */
    readonly publicPerResourcePerMinute: number;
  };
  /** BullMQ key prefix of every queue (QUEUE_PREFIX); deployments sharing one Redis use their own. */
  readonly queuePrefix: string;
  readonly webhooks: {
    /** Longest one delivery attempt may take, connect to last response byte (WEBHOOK_ATTEMPT_TIMEOUT_MS). */
    readonly attemptTimeoutMs: number;
    /** Deliveries one worker runs at once (WEBHOOK_CONCURRENCY). */
    readonly concurrency: number;
    /** How often the relay sweeps for events and deliveries that were missed (WEBHOOK_SWEEP_MS). */
    readonly sweepMs: number;
    /** A pending delivery this far past its attempt time with no attempt in flight is enqueued again (WEBHOOK_RECOVER_AFTER_MS). */
    readonly recoverAfterMs: number;
    /** How long a rotated signing key stays in the JWKS (WEBHOOK_KEY_GRACE_HOURS). */
    readonly keyGraceHours: number;
    /**
     * Key-encryption keys (32 bytes) of the local keyring that wraps the data keys of every
     * secret sealed at rest (libs/secrets: webhook signing keys, webhook secrets): `current`
     * (WEBHOOK_KEY_ENCRYPTION_KEY; required in production, in sandbox unset means stored
     * unsealed) and `previous` ones still unwrapping during a rotation (WEBHOOK_KEY_ENCRYPTION_KEY_PREVIOUS).
     */
    readonly keyEncryption: { readonly current: Buffer | undefined; readonly previous: readonly Buffer[] };
    /** Days acknowledged deliveries, their attempts and their events are kept (WEBHOOK_RETENTION_DAYS). */
    readonly retentionDays: number;
    /** Days dead letters and their attempts are kept after they died (WEBHOOK_DEAD_LETTER_RETENTION_DAYS). */
    readonly deadLetterRetentionDays: number;
  };
  readonly payments: {
    /** Longest a bank call of a payment may take, retries included (PAYMENT_BANK_DEADLINE_MS). */
    readonly bankDeadlineMs: number;
    /** How long a user has for each step at the bank or the hosted pages before INITIATION_EXPIRED (PAYMENT_AUTH_WINDOW_MINUTES). */
    readonly authorisationWindowMinutes: number;
    /** Days of status polling before INITIATION_NO_FINAL_STATUS_AVAILABLE (PAYMENT_POLLING_DAYS). */
    readonly pollingDays: number;
    /** Seconds between status polls by attempt, the last repeating, for banks without their own (PAYMENT_POLL_SCHEDULE_SECONDS). */
    readonly pollScheduleSeconds: readonly number[];
  };
  readonly tokens: {
    /** How long a token request waits for the user before EXPIRED (TOKEN_REQUEST_LIFETIME_MINUTES). */
    readonly requestLifetimeMinutes: number;
    /** Days an account-information token lasts when the request names no tokenExpiration (ACCESS_TOKEN_LIFETIME_DAYS). */
    readonly accessLifetimeDays: number;
  };
  readonly accountInformation: {
    /** Where recent balance and transaction reads are kept (ACCOUNT_INFORMATION_CACHE: redis, postgres or off). */
    readonly cache: AccountInformationCacheStore;
    /** Seconds a kept read is served instead of asking the bank again (ACCOUNT_INFORMATION_CACHE_SECONDS). */
    readonly cacheSeconds: number;
  };
  readonly reconciliation: {
    /** Seconds between runs of settlement.reconcile, on the service clock (SETTLEMENT_RECONCILE_INTERVAL_SECONDS). */
    readonly intervalSeconds: number;
    /** Credits locked and matched per transaction (SETTLEMENT_RECONCILE_BATCH_SIZE). */
    readonly batchSize: number;
    /** Seconds a credit whose payment the bank has not finished with waits before it is looked at again (SETTLEMENT_RECONCILE_RETRY_SECONDS). */
    readonly retrySeconds: number;
  };
  readonly idempotency: {
    /** Hours an Idempotency-Key and its stored response are kept (IDEMPOTENCY_TTL_HOURS). */
    readonly ttlHours: number;
  };
  /**
   * Bank credentials the catalogue names as `env:NAME` (client secrets, signing and TLS keys):
   * every variable whose name starts with BANK_SECRET_. Never logged.
   */
  readonly bankSecrets: Readonly<Record<string, string>>;
  /** Base URL at which api and worker reach the sandbox bank (SANDBOX_BANK_URL). */
  readonly sandboxBankUrl: string;
  /**
   * The bank catalogue YAML loaded into Postgres at api start (BANK_CATALOGUE_FILE); a relative
   * path is taken from the project root. Defaults to the shipped `config/banks/sandbox.yaml`.
   */
  readonly bankCatalogueFile: string;
  readonly settlement: SettlementConfig;
}

/** Settlement providers: where settlement accounts are held, credited and paid out from. */
export interface SettlementConfig {
  /** The provider new settlement accounts open at (SETTLEMENT_PROVIDER); defaults to the sandbox bank's id. */
  readonly defaultProviderId: string;
  /** The sandbox bank as a settlement provider. */
  readonly sandbox: {
    /** Its provider id (SANDBOX_SETTLEMENT_PROVIDER_ID, default `sandbox-bank`). */
    readonly providerId: string;
    /** Base URL of its API (SANDBOX_SETTLEMENT_URL; default `$SANDBOX_BANK_URL/settlement/v1`). */
    readonly baseUrl: string;
    /**
     * Bearer key of its API, checked by the sandbox bank and sent by the connector
     * (SANDBOX_SETTLEMENT_API_KEY). Sandbox default `sandbox-settlement-key`; in production unset
     * unless given, and then the sandbox provider is not offered. Never logged.
     */
    readonly apiKey: string | undefined;
  };
}
