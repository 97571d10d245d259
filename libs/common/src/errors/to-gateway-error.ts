import { HttpException } from '@nestjs/common';
import { DatabaseBusyError } from './database-busy-error.js';
import { GatewayError } from './gateway-error.js';

interface TransportError {
  statusCode?: unknown;
  code?: unknown;
  message?: unknown;
}

/** The code of a JSON body the body parser refused for its nesting (its message names the limit). */
export const JSON_TOO_DEEP_CODE = 'GATEWAY_JSON_TOO_DEEP';

/**
 * Fastify's per-request transport error codes, turned into catalogue errors with a client-safe
 * message. (FST_ERR_CTP_INVALID_TYPE is not one: Fastify throws it, as a 500, when a content-type
 * parser is registered with a bad type, so it is a server fault and stays InternalServerError.)
 */
const FASTIFY_CODES: Readonly<Record<string, (error: TransportError) => GatewayError>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new GatewayError('UnsupportedMediaType'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new GatewayError('InvalidArgument', { message: 'Content-Length does not match the body.' }),
  FST_ERR_CTP_BODY_TOO_LARGE: () => new GatewayError('PayloadTooLarge'),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new GatewayError('MalformedBody', { message: 'The request body is empty but Content-Type is application/json.' }),
  FST_ERR_CTP_INVALID_JSON_BODY: () => new GatewayError('MalformedBody'),
  FST_ERR_BAD_URL: () => new GatewayError('InvalidArgument', { message: 'The request URL is malformed.' }),
  [JSON_TOO_DEEP_CODE]: (error) =>
    new GatewayError('InvalidArgument', typeof error.message === 'string' ? { message: error.message } : {}),
};

function fromStatus(status: number, path: string): GatewayError {
  switch (status) {
    case 400:
      return new GatewayError('InvalidArgument');
    case 401:
      return new GatewayError('Unauthenticated');
    case 403:
      return new GatewayError('PermissionDenied');
    case 404:
      return new GatewayError('ROUTE_NOT_FOUND', { entityId: path, message: `No endpoint at ${path}.` });
    case 405:
      return new GatewayError('MethodNotAllowed');
    case 409:
      return new GatewayError('CONFLICT');
    case 413:
      return new GatewayError('PayloadTooLarge');
    case 415:
      return new GatewayError('UnsupportedMediaType');
    case 429:
      return new GatewayError('RESOURCE_EXHAUSTED');
    case 501:
      return new GatewayError('UNIMPLEMENTED');
    case 503:
      return new GatewayError('UNAVAILABLE');
    case 504:
      return new GatewayError('DEADLINE_EXCEEDED');
    default:
      return status >= 400 && status < 500
        ? new GatewayError('InvalidArgument')
        : new GatewayError('InternalServerError');
  }
}

/**
 * Prisma's interactive-transaction error (P2028): no connection came for the transaction in time,
 * or it ran past its timeout and was rolled back. Nothing it did was committed: the service is
 * busy, and the request may be sent again.
 */
function isTransactionNotRun(error: object): boolean {
  const { name, code } = error as { name?: unknown; code?: unknown };
  return name === 'PrismaClientKnownRequestError' && code === 'P2028';
}

/** The catalogue error for an error that carries one of Fastify's transport codes, if it does. */
function fromFastifyCode(error: unknown): GatewayError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code } = error as TransportError;
  return typeof code === 'string' ? FASTIFY_CODES[code]?.(error) : undefined;
}

/**
 * Turns anything thrown into a catalogue error. Only GatewayError messages reach a client;
 * for everything else the message is the catalogue's, so no internal detail leaks.
 *
 * Under Nest, Fastify's own 4xx errors (body parsing, media type, body size) do not arrive
 * as themselves: the FastifyAdapter's `mapException` wraps every FastifyError with a status
 * below 500 in an `HttpException` of that status, keeping the original as its `cause`. The
 * Fastify code is read from that cause, so a malformed JSON body is `MalformedBody`, not the
 * generic `InvalidArgument` its bare 400 status would give.
 */
export function toGatewayError(error: unknown, path: string): GatewayError {
  if (error instanceof GatewayError) return error;
  if (error instanceof DatabaseBusyError)
    return new GatewayError('UNAVAILABLE', {
      message: 'The service is busy; retry shortly.',
      retryAfterSeconds: error.retryAfterSeconds,
      cause: error,
    });
  if (error instanceof HttpException) return fromFastifyCode(error.cause) ?? fromStatus(error.getStatus(), path);
  if (typeof error === 'object' && error !== null) {
    if (isTransactionNotRun(error))
      return new GatewayError('UNAVAILABLE', {
        message: 'The service is busy; retry shortly.',
        retryAfterSeconds: 1,
        cause: error,
      });
    const { statusCode } = error as TransportError;
    const transport = fromFastifyCode(error);
    if (transport !== undefined) return transport;
    if (error instanceof SyntaxError && statusCode === 400) return new GatewayError('MalformedBody');
    // Only Fastify's own errors are trusted to carry a client status; anything else thrown
    // with a statusCode (a library's HTTP client error, say) is internal.
    const { code } = error as TransportError;
    if (
      typeof code === 'string' &&
      code.startsWith('FST_') &&
      typeof statusCode === 'number' &&
      statusCode >= 400 &&
      statusCode < 500
    ) {
      return fromStatus(statusCode, path);
    }
  }
  return new GatewayError('InternalServerError', { cause: error });
}
