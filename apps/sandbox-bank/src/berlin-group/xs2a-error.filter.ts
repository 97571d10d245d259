import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, failedExchangeOf, toGatewayError } from '#libs/common';
import { ObieError, isSandboxError } from '../http/obie-error.js';
import { Xs2aError } from './xs2a-error.js';

/** XS2A message codes for failures raised outside the Berlin Group code (faults, body parsing, routing). */
function codeFor(status: number): string {
  if (status >= 500) return 'INTERNAL_SERVER_ERROR';
  if (status === 404) return 'RESOURCE_UNKNOWN';
  if (status === 405) return 'SERVICE_INVALID';
  if (status === 401) return 'CERTIFICATE_INVALID';
  return 'FORMAT_ERROR';
}

/** Whatever went wrong on a Berlin Group route, as tppMessages (the shared fault injector raises ObieErrors). */
export function asXs2aError(exception: unknown, path: string): Xs2aError {
  if (exception instanceof Xs2aError) return exception;
  if (isSandboxError(exception)) {
    const status =
      exception.status === 400 && exception instanceof ObieError && exception.errorCode === 'UK.OBIE.Resource.NotFound'
        ? 403
        : exception.status;
    return new Xs2aError(status, status === 403 ? 'RESOURCE_UNKNOWN' : codeFor(status), exception.message);
  }
  const error = toGatewayError(exception, path);
  return new Xs2aError(error.status, codeFor(error.status), error.message);
}

/** Renders failures of the XS2A interface in the Berlin Group error shape, echoing X-Request-ID. */
@Catch()
export class Xs2aErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { request, reply, path } = failedExchangeOf(host);
    const error = asXs2aError(exception, path);
    if (error.status >= 500) this.logger.error({ err: exception, path }, 'sandbox bank request failed');
    const requestId = request.headers['x-request-id'];
    if (typeof requestId === 'string') void reply.header('X-Request-ID', requestId);
    void reply.status(error.status).header('content-type', 'application/json; charset=utf-8').send(error.toResponse());
  }
}
