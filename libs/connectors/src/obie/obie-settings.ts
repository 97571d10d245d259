import { ConnectorSettingsError } from '../catalogue/connector-settings-error.js';
import { SECRET_REF_PATTERN } from '../secrets/secret-resolver.js';

export type ObieScaApproach = 'redirect' | 'decoupled';
export type ObieSigningAlgorithm = 'PS256' | 'ES256';

export type ObieSigningSettings =
  | { readonly enabled: false }
  | {
      readonly enabled: true;
      readonly keyRef: string;
      readonly kid: string;
      readonly alg: ObieSigningAlgorithm;
      readonly issuer: string;
    };

/**
 * Mutual TLS with the TPP's transport certificate: secret references to PEM text (the
 * certificate chain, leaf first; its private key; the bank's server CA bundle when the public
 * roots do not cover it) and the TLS server name when it differs from the URLs' host.
 */
export type ObieMtlsSettings =
  | { readonly enabled: false }
  | {
      readonly enabled: true;
      readonly certRef: string;
      readonly keyRef: string;
      readonly caRef?: string;
      readonly serverName?: string;
    };

export interface ObieSettings {
  readonly baseUrl: string;
  /** Resource API root: baseUrl + apiPath (default `/open-banking/v3.1`). */
  readonly apiBaseUrl: string;
  readonly tokenUrl: string;
  readonly authorizeUrl: string;
  /** CIBA backchannel authentication endpoint. */
  readonly backchannelAuthenticationUrl: string;
  /** The `aud` of request objects: the authorisation server's issuer (default baseUrl). */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecretRef: string;
  readonly financialId: string;
  readonly signing: ObieSigningSettings;
  readonly mtls: ObieMtlsSettings;
  readonly scaApproach: ObieScaApproach;
}

type Raw = Readonly<Record<string, unknown>>;

class Reader {
  constructor(
    private readonly bankId: string,
    private readonly raw: Raw,
    private readonly prefix = '',
  ) {}

  child(key: string): Reader {
    const value = this.raw[key];
    if (value === undefined) return new Reader(this.bankId, {}, `${this.prefix}${key}.`);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw this.error(key, 'must be an object');
    return new Reader(this.bankId, value as Raw, `${this.prefix}${key}.`);
  }

  text(key: string): string {
    const value = this.optionalText(key);
    if (value === undefined) throw this.error(key, 'is required');
    return value;
  }

  optionalText(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.trim() === '') throw this.error(key, 'must be a non-empty string');
    return value.trim();
  }

  url(key: string): string {
    return this.checkedUrl(key, this.text(key));
  }

  optionalSecretRef(key: string): string | undefined {
    return this.raw[key] === undefined ? undefined : this.secretRef(key);
  }

  optionalHostName(key: string): string | undefined {
    const value = this.optionalText(key);
    if (
      value !== undefined &&
      !/^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(value)
    ) {
      throw this.error(key, 'must be a DNS host name (no scheme, port or path)');
    }
    return value;
  }

  optionalUrl(key: string): string | undefined {
    const value = this.optionalText(key);
    return value === undefined ? undefined : this.checkedUrl(key, value);
  }

  secretRef(key: string): string {
    const value = this.text(key);
    if (!SECRET_REF_PATTERN.test(value)) throw this.error(key, "must be 'literal:<value>' or 'env:<NAME>'");
    return value;
  }

  flag(key: string): boolean {
    const value = this.raw[key];
    if (value === undefined) return false;
    if (typeof value !== 'boolean') throw this.error(key, 'must be true or false');
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], fallback: T): T {
    const value = this.optionalText(key);
    if (value === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(value)) throw this.error(key, `must be one of ${allowed.join(', ')}`);
    return value as T;
  }

  error(key: string, problem: string): ConnectorSettingsError {
    return new ConnectorSettingsError(this.bankId, `${this.prefix}${key}`, problem);
  }

  private checkedUrl(key: string, value: string): string {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw this.error(key, `must be an absolute URL (got "${value}")`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw this.error(key, 'must be an http(s) URL');
    return value.replace(/\/+$/, '');
  }
}

function parseMtls(mtls: Reader): ObieMtlsSettings {
  if (!mtls.flag('enabled')) return { enabled: false };
  const caRef = mtls.optionalSecretRef('caRef');
  const serverName = mtls.optionalHostName('serverName');
  return {
    enabled: true,
    certRef: mtls.secretRef('certRef'),
    keyRef: mtls.secretRef('keyRef'),
    ...(caRef === undefined ? {} : { caRef }),
    ...(serverName === undefined ? {} : { serverName }),
  };
}

/**
 * Reads `connector.settings` of an OBIE bank:
 * `{ baseUrl, clientId, clientSecretRef, financialId, scaApproach, signing: { enabled, keyRef, kid,
 * alg?, issuer? }, mtls: { enabled, certRef, keyRef, caRef?, serverName? }, tokenUrl?, authorizeUrl?,
 * backchannelAuthenticationUrl?, issuer?, apiPath? }`. URLs default to baseUrl + `/as/token`,
 * `/as/authorize`, `/as/bc-authorize` and `/open-banking/v3.1`. With mTLS on, every URL the
 * gateway calls must be https.
 */
export function parseObieSettings(bankId: string, raw: Raw): ObieSettings {
  const settings = new Reader(bankId, raw);
  const baseUrl = settings.url('baseUrl');
  const apiPath = settings.optionalText('apiPath') ?? '/open-banking/v3.1';
  if (!apiPath.startsWith('/')) throw settings.error('apiPath', "must start with '/'");
  const clientId = settings.text('clientId');

  const signing = settings.child('signing');
  const signingSettings: ObieSigningSettings = signing.flag('enabled')
    ? {
        enabled: true,
        keyRef: signing.secretRef('keyRef'),
        kid: signing.text('kid'),
        alg: signing.oneOf<ObieSigningAlgorithm>('alg', ['PS256', 'ES256'], 'PS256'),
        issuer: signing.optionalText('issuer') ?? clientId,
      }
    : { enabled: false };

  const mtlsSettings = parseMtls(settings.child('mtls'));

  const tokenUrl = settings.optionalUrl('tokenUrl') ?? `${baseUrl}/as/token`;
  const backchannelAuthenticationUrl =
    settings.optionalUrl('backchannelAuthenticationUrl') ?? `${baseUrl}/as/bc-authorize`;
  if (mtlsSettings.enabled) {
    // Client certificates only travel over TLS: a plain-http endpoint would skip them silently.
    const called = { baseUrl, tokenUrl, backchannelAuthenticationUrl };
    for (const [key, value] of Object.entries(called)) {
      if (new URL(value).protocol !== 'https:')
        throw settings.error(key, 'must be an https URL when mtls.enabled is true');
    }
  }
  return {
    baseUrl,
    apiBaseUrl: `${baseUrl}${apiPath.replace(/\/+$/, '')}`,
    tokenUrl,
    authorizeUrl: settings.optionalUrl('authorizeUrl') ?? `${baseUrl}/as/authorize`,
    backchannelAuthenticationUrl,
    issuer: settings.optionalUrl('issuer') ?? baseUrl,
    clientId,
    clientSecretRef: settings.secretRef('clientSecretRef'),
    financialId: settings.text('financialId'),
    signing: signingSettings,
    mtls: mtlsSettings,
    scaApproach: settings.oneOf<ObieScaApproach>('scaApproach', ['redirect', 'decoupled'], 'redirect'),
  };
}
