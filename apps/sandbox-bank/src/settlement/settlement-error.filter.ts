import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, failedExchangeOf, toGatewayError } from '#libs/common';
import { SETTLEMENT_ERROR_CODES, SettlementApiError } from './settlement-api-error.js';

/** The settlement API's failures as `{ code, message }`; anything not its own as the status the gateway would give it. */
@Catch()
export class SettlementErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const { reply, path } = failedExchangeOf(host);
    const failure = exception instanceof SettlementApiError ? exception : toGatewayError(exception, path);
    const status = failure.status;
    if (status >= 500) this.logger.error({ err: exception, path }, 'settlement API request failed');
    const code =
      exception instanceof SettlementApiError
        ? exception.code
        : ((SETTLEMENT_ERROR_CODES as Readonly<Record<number, string>>)[status] ?? `HTTP_${status}`);
    const message = status >= 500 ? 'The settlement provider failed to process the request.' : failure.message;
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send({ code, message });
  }
}
