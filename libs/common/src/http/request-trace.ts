import type { FastifyInstance } from 'fastify';
import { newTraceId, runWithContext, type Metrics } from '#libs/observability';
import type { Logger } from 'pino';

declare module 'fastify' {
  interface FastifyRequest {
    traceId: string;
  }
}

/** Response header that carries the trace id of every response, error or not. */
export const TRACE_HEADER = 'token-trace-id';

/**
 * Gives every request a trace id (answered in `token-trace-id`, logged on every line through
 * the async context), counts it in the metrics and writes one access-log line.
 */
export function installRequestTracing(fastify: FastifyInstance, metrics: Metrics, logger: Logger): void {
  fastify.decorateRequest('traceId', '');
  fastify.addHook('onRequest', (request, reply, done) => {
    const traceId = newTraceId();
    request.traceId = traceId;
    void reply.header(TRACE_HEADER, traceId);
    runWithContext({ traceId }, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.observeRequest(request.method, route, reply.statusCode, seconds);
    logger.info(
      {
        traceId: request.traceId,
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
