/**
 * What never reaches a log line from a bank call: credentials, tokens, codes and request
 * objects, wherever they travel (headers, query strings, form and JSON bodies).
 */
const SECRET_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'client_secret',
  'client_assertion',
  'assertion',
  'code',
  'access_token',
  'refresh_token',
  'id_token',
  'auth_req_id',
  'request',
  'password',
  'private_key',
  'registered_credential',
]);

export const REDACTED = '[redacted]';

export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase());
}

export function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSecretName(name) ? REDACTED : value]),
  );
}

function redactParams(params: URLSearchParams): void {
  for (const name of [...new Set(params.keys())]) {
    if (isSecretName(name)) params.set(name, REDACTED);
  }
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    redactParams(parsed.searchParams);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '[unparseable url]';
  }
}

/** A JSON value with every secret-named key's value replaced. */
export function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, isSecretName(key) ? REDACTED : redactValue(inner)]),
    );
  }
  return value;
}

/** A request or response body as it may be logged: JSON and forms redacted, anything else elided. */
export function redactBody(body: string | undefined, contentType: string | undefined): unknown {
  if (body === undefined || body === '') return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      return redactValue(JSON.parse(body));
    } catch {
      return '[unparseable json]';
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const params = new URLSearchParams(body);
    redactParams(params);
    return params.toString();
  }
  return `[${body.length} characters]`;
}
