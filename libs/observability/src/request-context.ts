import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { trace } from '@opentelemetry/api';

/** What every log line and error body of one request (or one job) carries. */
export interface RequestContext {
  readonly traceId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Random bytes drawn 8 KiB at a time: one system call per 512 trace ids instead of one each. */
let random = Buffer.alloc(0);
let used = 0;

function randomTraceId(): string {
  if (used + 16 > random.length) {
    random = randomBytes(16 * 512);
    used = 0;
  }
  used += 16;
  return random.toString('hex', used - 16, used);
}

/** The trace id of the active OpenTelemetry span, or a fresh random one (32 hex digits). */
export function newTraceId(): string {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext !== undefined && spanContext.traceId !== '00000000000000000000000000000000') {
    return spanContext.traceId;
  }
  return randomTraceId();
}

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function enterContext(context: RequestContext): void {
  storage.enterWith(context);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}
