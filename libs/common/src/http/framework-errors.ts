import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { newTraceId } from '#libs/observability';
import { errorBody } from '../errors/error-body.js';
import type { ErrorCode } from '../errors/error-catalogue.js';
import { GatewayError } from '../errors/gateway-error.js';
import { TRACE_HEADER } from './request-trace.js';

/** The longest path parameter the router matches; a longer one is answered 414 (UriTooLong). */
export const MAX_PATH_PARAMETER_LENGTH = 500;

/**
 * The router's own refusals (a path parameter past MAX_PATH_PARAMETER_LENGTH, a path that is not
 * a valid URL), answered before any route runs: in the interface's error shape with a trace id,
 * like every other error, and without echoing the path.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const traceId = newTraceId();
  request.traceId = traceId;
  const refusal: { code: ErrorCode; message?: string } =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { code: 'UriTooLong', message: `A path segment is longer than ${MAX_PATH_PARAMETER_LENGTH} characters.` }
      : error.code === 'FST_ERR_BAD_URL'
        ? { code: 'BadUrl' }
        : { code: 'InternalServerError' };
  const gatewayError = new GatewayError(
    refusal.code,
    refusal.message === undefined ? {} : { message: refusal.message },
  );
  void reply
    .status(gatewayError.status)
    .header(TRACE_HEADER, traceId)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorBody(gatewayError, traceId));
}
