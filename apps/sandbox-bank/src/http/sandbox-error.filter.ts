import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, failedExchangeOf, html, toGatewayError } from '#libs/common';
import { ObieError, OAuthError, PageError, isSandboxError } from './obie-error.js';
import { renderPage } from './page-layout.js';

/** OBIE error codes for failures raised outside the bank's own code (body parsing, routing). */
function obieCodeFor(status: number): string {
  if (status === 404) return 'UK.OBIE.Resource.NotFound';
  if (status === 415 || status === 406) return 'UK.OBIE.Header.Invalid';
  if (status >= 500) return 'UK.OBIE.UnexpectedError';
  return 'UK.OBIE.Field.Invalid';
}

/** Status and client-safe message of whatever was thrown: the bank's own errors as raised, anything else as the gateway would answer it. */
function failureOf(exception: unknown, path: string): { readonly status: number; readonly message: string } {
  return isSandboxError(exception) ? exception : toGatewayError(exception, path);
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
    const { reply, path } = failedExchangeOf(host);
    const surface = surfaceOf(path);
    const { status, message } = failureOf(exception, path);
    if (status >= 500) this.logger.error({ err: exception, path }, 'sandbox bank request failed');

    if (surface === 'oauth' || exception instanceof OAuthError) {
      const error =
        exception instanceof OAuthError
          ? exception
          : new OAuthError(status, status >= 500 ? 'server_error' : 'invalid_request', message);
      void reply.status(error.status).header('cache-control', 'no-store').send(error.toResponse());
      return;
    }
    if (surface === 'page' || exception instanceof PageError) {
      const body = renderPage('Something went wrong', html`<p class="error">${message}</p>`);
      void reply.status(status).header('content-type', 'text/html; charset=utf-8').send(body);
      return;
    }
    const error = exception instanceof ObieError ? exception : new ObieError(status, obieCodeFor(status), message);
    void reply.status(error.status).header('content-type', 'application/json; charset=utf-8').send(error.toResponse());
  }
}
