import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FaultKind, Flow } from './fault-plan.js';

/** What the checker's TPP sends the user back to: never reached (the callback is answered with a 303). */
export const TPP_CALLBACK = 'https://tpp.example/bank-truth/callback';
/** The bank user who approves every consent and pays (sandbox-success). */
export const USER = 'sandbox-success';

export type Json = Record<string, unknown>;

/** What the run set up before its operations, shared by the flows that need it. */
export interface Fixtures {
  /** An authorised UK VRP consent at the VRP bank. */
  readonly vrpConsentId?: string;
  /** The member's refund registration at the refund bank. */
  readonly refundRegistrationId?: string;
  /** Completed payments with a refund account, each refunded by one operation. */
  readonly refundablePayments: string[];
  /** A credited GBP settlement account the payouts are paid from. */
  readonly payoutAccountId?: string;
}

export interface FlowContext {
  readonly apiUrl: string;
  /** The member's Authorization header. */
  readonly auth: string;
  readonly fixtures: Fixtures;
  /** Resolves once the api answers its readiness again (after a kill, once restarted). */
  readonly apiReady: () => Promise<void>;
}

/** What a flow started: the bank, the end-to-end id the bank is sent, and for a link, the link. */
export interface Started {
  readonly flow: Flow;
  readonly fault: FaultKind;
  readonly bankId: string;
  readonly refId: string;
  /** The payment link a link operation made (its payments carry refIds the link numbers). */
  linkId?: string;
}

export interface Answer {
  readonly status: number;
  readonly body: Json;
  readonly location: string | null;
}

/** One request to the gateway that never throws: a refused or lost connection (the api killed) is status 0. */
async function once(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...headers,
        ...(body === undefined || 'content-type' in headers ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    let parsed: Json = {};
    try {
      parsed = text === '' ? {} : (JSON.parse(text) as Json);
    } catch {
      parsed = {};
    }
    return { status: response.status, body: parsed, location: response.headers.get('location') };
  } catch {
    return { status: 0, body: {}, location: null };
  }
}

/** How often a client sends a step again after its connection was lost. */
const RETRIES = 3;

/**
 * A request as a real client makes it: when the connection is refused or lost (the api killed),
 * it waits until the api answers again and sends the same request (with the same Idempotency-Key,
 * when it has one) a few times. Any answer, a 409 for a request still in flight included, ends it.
 */
export async function send(
  ctx: FlowContext,
  url: string,
  method: string,
  options: { auth?: boolean; idempotencyKey?: string; body?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(options.auth === false ? {} : { authorization: ctx.auth }),
    ...(options.idempotencyKey === undefined ? {} : { 'idempotency-key': options.idempotencyKey }),
    ...(options.form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
  };
  const body = options.form === undefined ? options.body : new URLSearchParams(options.form).toString();
  let answer = await once(url, method, headers, body);
  for (let attempt = 0; attempt < RETRIES && answer.status === 0; attempt++) {
    await ctx.apiReady();
    await sleep(100);
    answer = await once(url, method, headers, body);
  }
  return answer;
}

/** The user's browser coming back to the gateway's callback, as the fault says: once, twice, twice at once, or never. */
export async function comeBack(ctx: FlowContext, callbackUrl: string, fault: FaultKind): Promise<void> {
  const back = (): Promise<unknown> => send(ctx, callbackUrl, 'GET', { auth: false });
  if (fault === 'never-return') return;
  if (fault === 'concurrent-callback') await Promise.all([back(), back()]);
  else if (fault === 'double-callback') {
    await back();
    await back();
  } else await back();
}

/** A fresh end-to-end id of at most 18 characters (the shortest limit, payouts'). */
export const newRefId = (code: string): string => `bt-${code}-${randomBytes(6).toString('hex')}`;

export const newIdempotencyKey = (): string => `bt-${randomBytes(12).toString('hex')}`;
