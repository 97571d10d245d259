import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, GatewayError, type AppConfig } from '#libs/common';

/** How long one call to the sandbox bank's admin API may take. */
export const SANDBOX_ADMIN_TIMEOUT_MS = 5000;

/** A sandbox bank's injected faults, as its `/sandbox/faults/{bankId}` reads and sets them. */
export interface SandboxFaults {
  readonly latencyMs: number;
  readonly errorRate: number;
  readonly lostAnswerRate: number;
  readonly lateAnswerMs: number;
  /** The operations the faults apply to; all when empty. */
  readonly only: readonly string[];
}

function numberAt(body: Record<string, unknown>, name: string): number {
  const value = body[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function faultsOf(body: unknown): SandboxFaults {
  const object = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const only = Array.isArray(object['only']) ? object['only'].filter((item) => typeof item === 'string') : [];
  return {
    latencyMs: numberAt(object, 'latencyMs'),
    errorRate: numberAt(object, 'errorRate'),
    lostAnswerRate: numberAt(object, 'lostAnswerRate'),
    lateAnswerMs: numberAt(object, 'lateAnswerMs'),
    only,
  };
}

/** The message of the sandbox bank's error answer (`{ error: { message } }` or `{ message }`), if any. */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const object = body as Record<string, unknown>;
  const inner = typeof object['error'] === 'object' && object['error'] !== null ? object['error'] : object;
  const message = (inner as Record<string, unknown>)['message'];
  return typeof message === 'string' && message !== '' ? message.slice(0, 500) : undefined;
}

/**
 * The sandbox bank's admin API for faults (`GET`/`PUT /sandbox/faults/{bankId}` at
 * SANDBOX_BANK_URL), with ADMIN_TOKEN as its Bearer token when one is configured. A call that
 * does not answer within SANDBOX_ADMIN_TIMEOUT_MS, or answers in a way it should not, is a 503.
 */
@Injectable()
export class SandboxBankFaultsClient {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  read(bankId: string): Promise<SandboxFaults> {
    return this.call('GET', bankId);
  }

  write(bankId: string, faults: SandboxFaults): Promise<SandboxFaults> {
    return this.call('PUT', bankId, faults);
  }

  private async call(method: 'GET' | 'PUT', bankId: string, faults?: SandboxFaults): Promise<SandboxFaults> {
    const url = `${this.config.sandboxBankUrl.replace(/\/+$/, '')}/sandbox/faults/${encodeURIComponent(bankId)}`;
    const token = this.config.adminToken;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        redirect: 'manual',
        signal: AbortSignal.timeout(SANDBOX_ADMIN_TIMEOUT_MS),
        headers: {
          accept: 'application/json',
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(faults === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(faults === undefined
          ? {}
          : { body: JSON.stringify({ ...faults, only: faults.only.length === 0 ? undefined : faults.only }) }),
      });
    } catch (error) {
      throw new GatewayError('UNAVAILABLE', { message: 'The sandbox bank did not answer.', cause: error });
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = undefined;
    }
    if (response.ok) return faultsOf(body);
    const message = messageOf(body);
    if (response.status === 404) throw GatewayError.notFound(bankId, message ?? `No sandbox bank ${bankId}.`);
    if (response.status === 400)
      throw new GatewayError('Field.Invalid', { message: message ?? 'The sandbox bank refused these faults.' });
    throw new GatewayError('UNAVAILABLE', {
      message: `The sandbox bank answered ${response.status}${message === undefined ? '' : `: ${message}`}.`,
    });
  }
}
