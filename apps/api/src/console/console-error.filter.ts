import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, failedExchangeOf, html, toGatewayError } from '#libs/common';
import { loggablePath } from '#libs/observability';
import { consoleHeader, sendConsolePage } from './console-page.js';
import { ConsoleSignInRequired } from './console-session.guard.js';

/**
 * The console answers in pages, never in the API's JSON: a page asked for without a session goes
 * to sign-in; a refused action (no session, no CSRF token) is a 403 page; any other error is a page
 * with its status and its message (the catalogue's, safe to show) and the trace id to quote; a 5xx
 * says nothing internal and is logged.
 */
@Catch()
export class ConsoleErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    const { request, reply, path } = failedExchangeOf(host);
    if (exception instanceof ConsoleSignInRequired) {
      await reply.header('cache-control', 'no-store').redirect('/console/sign-in', 303);
      return;
    }
    const error = toGatewayError(exception, path);
    if (error.status >= 500)
      this.logger.error(
        { traceId: request.traceId, err: exception, path: loggablePath(path) },
        'console request failed',
      );
    const title = error.status === 403 ? 'Refused' : error.status === 404 ? 'Not found' : 'Could not be done';
    const message = error.status >= 500 ? 'The gateway could not do this; its logs have the details.' : error.message;
    const session = request.consoleSession;
    await sendConsolePage(
      reply,
      error.status,
      title,
      html`<p class="error" role="alert">${message}</p><p>Trace id: <code>${request.traceId}</code></p><p><a href="/console">Back to the console</a></p>`,
      session === undefined ? undefined : consoleHeader(session.csrfToken),
    );
  }
}
