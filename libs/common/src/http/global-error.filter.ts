import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { loggablePath, newTraceId } from '#libs/observability';
import { errorBody } from '../errors/error-body.js';
import { toGatewayError } from '../errors/to-gateway-error.js';
import { TRACE_HEADER } from './request-trace.js';

/** Header set (to "true") only when a bank's 5xx caused the error. */
export const EXTERNAL_ERROR_HEADER = 'token-external-error';

/** Every 429 and 503 says when to try again: its own wait, or this one. */
const RETRIED_STATUSES = new Set([429, 503]);
const DEFAULT_RETRY_AFTER_SECONDS = 1;

/** The HTTP exchange an exception filter answers. */
export interface FailedExchange {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The request's path, without the query. */
  readonly path: string;
}

/** The request, reply and path behind an exception filter's `host`. */
export function failedExchangeOf(host: ArgumentsHost): FailedExchange {
  const http = host.switchToHttp();
  const request = http.getRequest<FastifyRequest>();
  return { request, reply: http.getResponse<FastifyReply>(), path: (request.url ?? '/').split('?')[0] ?? '/' };
}

/**
 * The one place failures become responses: the interface's error shape for the status,
 * `tokenTraceId` in the body and the header, and nothing internal in a 5xx.
 */
@Catch()
export class GlobalErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { request, reply, path } = failedExchangeOf(host);
    const error = toGatewayError(exception, path);
    const traceId = request.traceId !== undefined && request.traceId !== '' ? request.traceId : newTraceId();

    // The path may carry a hosted page's token: logged without it, in the message too.
    const logged = loggablePath(path);
    if (error.status >= 500) {
      this.logger.error({ traceId, err: exception, code: error.code, path: logged }, 'request failed');
    } else {
      const message = error.message.split(path).join(logged);
      this.logger.debug({ traceId, code: error.code, path: logged, message }, 'request rejected');
    }

    void reply.header(TRACE_HEADER, traceId);
    if (error.external) void reply.header(EXTERNAL_ERROR_HEADER, 'true');
    const retryAfter =
      error.retryAfterSeconds ?? (RETRIED_STATUSES.has(error.status) ? DEFAULT_RETRY_AFTER_SECONDS : undefined);
    if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
    for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
    void reply
      .status(error.status)
      .header('content-type', 'application/json; charset=utf-8')
      .send(errorBody(error, traceId));
  }
}
