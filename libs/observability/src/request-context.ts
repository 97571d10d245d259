import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';
import { randomHex } from '#libs/domain';

/** What every log line and error body of one request (or one job) carries. */
export interface RequestContext {
  readonly traceId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The trace id of the active OpenTelemetry span, or a fresh random one (32 hex digits). */
export function newTraceId(): string {
  const spanContext = trace.getActiveSpan()?.spanContext();
  if (spanContext !== undefined && spanContext.traceId !== '00000000000000000000000000000000') {
    return spanContext.traceId;
  }
  return randomHex(16);
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
