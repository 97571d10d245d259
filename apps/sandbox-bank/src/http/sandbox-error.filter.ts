import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER, toGatewayError } from '#libs/common';
import { html } from './html.js';
import { ObieError, OAuthError, PageError } from './obie-error.js';
import { renderPage } from './page-layout.js';

/** OBIE error codes for failures raised outside the bank's own code (body parsing, routing). */
function obieCodeFor(status: number): string {
  if (status === 404) return 'UK.OBIE.Resource.NotFound';
  if (status === 415 || status === 406) return 'UK.OBIE.Header.Invalid';
  if (status >= 500) return 'UK.OBIE.UnexpectedError';
  return 'UK.OBIE.Field.Invalid';
}

type Surface = 'oauth' | 'page' | 'api';

function surfaceOf(path: string): Surface {
  if (/\/as\/(token|bc-authorize)$/.test(path)) return 'oauth';
  if (/\/as\/authorize(\/decision)?$/.test(path)) return 'page';
  return 'api';
}

/**
 * Renders the sandbox bank's failures the way a bank does: OBErrorResponse1 on the Open Banking
 * API, RFC 6749 errors on the token endpoints and a plain page in the browser.
 */
@Catch()
export class SandboxErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const surface = surfaceOf(path);
    const status = this.statusOf(exception, path);
    if (status >= 500) this.logger.error({ err: exception, path }, 'sandbox bank request failed');

    if (surface === 'oauth' || exception instanceof OAuthError) {
      const error = exception instanceof OAuthError ? exception : new OAuthError(status, status >= 500 ? 'server_error' : 'invalid_request', this.messageOf(exception, path));
      void reply.status(error.status).header('cache-control', 'no-store').send(error.toResponse());
      return;
    }
    if (surface === 'page' || exception instanceof PageError) {
      const body = renderPage('Something went wrong', html`<p class="error">${this.messageOf(exception, path)}</p>`);
      void reply.status(status).header('content-type', 'text/html; charset=utf-8').send(body);
      return;
    }
    const error = exception instanceof ObieError ? exception : new ObieError(status, obieCodeFor(status), this.messageOf(exception, path));
    void reply.status(error.status).header('content-type', 'application/json; charset=utf-8').send(error.toResponse());
  }

  private statusOf(exception: unknown, path: string): number {
    if (exception instanceof ObieError || exception instanceof OAuthError || exception instanceof PageError) return exception.status;
    return toGatewayError(exception, path).status;
  }

  private messageOf(exception: unknown, path: string): string {
    if (exception instanceof ObieError || exception instanceof OAuthError || exception instanceof PageError) return exception.message;
    return toGatewayError(exception, path).message;
  }
}
