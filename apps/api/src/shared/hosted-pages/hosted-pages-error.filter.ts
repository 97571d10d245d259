import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { GlobalErrorFilter, LOGGER, failedExchangeOf, toGatewayError } from '#libs/common';
import { loggablePath } from '#libs/observability';
import { pageHeaders } from './page-layout.js';
import { renderMessagePage } from './pages/message.page.js';

/**
 * The hosted pages answer a browser: a failure is a plain page (with the trace id to quote),
 * never the API's JSON error. A 5xx says nothing internal. A rate limit's 429 is the one
 * exception: it is answered as everywhere else, in the interface's error shape with Retry-After,
 * before any page is looked up.
 */
@Catch()
export class HostedPagesErrorFilter implements ExceptionFilter {
  private readonly apiErrors: GlobalErrorFilter;

  constructor(@Inject(LOGGER) private readonly logger: Logger) {
    this.apiErrors = new GlobalErrorFilter(logger);
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const { request, reply, path } = failedExchangeOf(host);
    const error = toGatewayError(exception, path);
    if (error.status === 429) {
      this.apiErrors.catch(exception, host);
      return;
    }
    if (error.status >= 500)
      this.logger.error({ traceId: request.traceId, err: exception, path: loggablePath(path) }, 'hosted page failed');
    const page =
      error.status >= 500
        ? renderMessagePage({
            title: 'Something went wrong',
            paragraphs: ['This page could not be shown. Please try again in a moment.'],
            reference: request.traceId,
          })
        : renderMessagePage({
            title: 'This request could not be handled',
            paragraphs: [error.message],
            reference: request.traceId,
          });
    void reply.status(error.status).headers(pageHeaders()).send(page);
  }
}
