import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from './error-catalogue.js';
import { GatewayError } from './gateway-error.js';
import { toGatewayError } from './to-gateway-error.js';

const { errorCodes } = fastify;

/** What Nest's FastifyAdapter.mapException hands the filters for a FastifyError below 500. */
function asNestWraps(error: Error & { statusCode?: number }): HttpException {
  return new HttpException(error.message, error.statusCode ?? 500, { cause: error });
}

describe('toGatewayError', () => {
  it('passes a GatewayError through untouched', () => {
    const error = new GatewayError('Field.Invalid', { paths: ['a'], message: 'a is wrong' });
    expect(toGatewayError(error, '/x')).toBe(error);
  });

  describe('HttpException', () => {
    it.each([
      [400, 'InvalidArgument'],
      [401, 'Unauthenticated'],
      [403, 'PermissionDenied'],
      [404, 'ROUTE_NOT_FOUND'],
      [405, 'MethodNotAllowed'],
      [409, 'CONFLICT'],
      [413, 'PayloadTooLarge'],
      [415, 'UnsupportedMediaType'],
      [418, 'InvalidArgument'],
      [429, 'RESOURCE_EXHAUSTED'],
      [500, 'InternalServerError'],
      [501, 'UNIMPLEMENTED'],
      [502, 'InternalServerError'],
      [503, 'UNAVAILABLE'],
      [504, 'DEADLINE_EXCEEDED'],
    ] as const)('status %i -> %s', (status, code: ErrorCode) => {
      const error = toGatewayError(new HttpException('internal detail', status), '/v1/things');
      expect(error.code).toBe(code);
      expect(error.status).toBe(ERROR_CATALOGUE[code].status);
      expect(error.message).not.toContain('internal detail');
    });

    it('keeps the status class of 4xx and 5xx exceptions', () => {
      for (let status = 400; status < 600; status += 1) {
        const mapped = toGatewayError(new HttpException('x', status), '/');
        expect(Math.floor(mapped.status / 100), String(status)).toBe(Math.floor(status / 100));
      }
    });

    it('a 404 names the path (without the query) as the entity', () => {
      const error = toGatewayError(new NotFoundException('Cannot GET /nope'), '/nope');
      expect(error.entityId).toBe('/nope');
      expect(error.message).toContain('/nope');
    });

    it('never passes the exception message on', () => {
      for (const exception of [
        new BadRequestException('secret-1'),
        new UnauthorizedException('secret-2'),
        new ForbiddenException('secret-3'),
        new ConflictException('secret-4'),
        new InternalServerErrorException('secret-5'),
      ]) {
        const error = toGatewayError(exception, '/');
        expect(error.message).not.toMatch(/secret/);
        expect(error.message).toBe(ERROR_CATALOGUE[error.code].message);
      }
    });
  });

  describe('Fastify transport errors', () => {
    const cases: readonly [string, Error & { statusCode?: number }, ErrorCode, number][] = [
      ['invalid JSON', new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY(), 'MalformedBody', 400],
      ['empty JSON', new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), 'MalformedBody', 400],
      [
        'unsupported media type',
        new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('text/csv'),
        'UnsupportedMediaType',
        415,
      ],
      ['body too large', new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), 'PayloadTooLarge', 413],
      ['content-length mismatch', new errorCodes.FST_ERR_CTP_INVALID_CONTENT_LENGTH(), 'InvalidArgument', 400],
      ['bad URL', new errorCodes.FST_ERR_BAD_URL('%zz'), 'InvalidArgument', 400],
    ];

    it.each(cases)('%s, as Fastify throws it', (_name, fastifyError, code, status) => {
      const error = toGatewayError(fastifyError, '/');
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
    });

    it.each(cases)('%s, wrapped in an HttpException by Nest', (_name, fastifyError, code, status) => {
      const wrapped = asNestWraps(fastifyError);
      expect(wrapped.getStatus()).toBe(status);
      const error = toGatewayError(wrapped, '/');
      expect(error.code).toBe(code);
      expect(error.status).toBe(status);
    });

    it('gives the client its own messages, not Fastify’s', () => {
      const error = toGatewayError(asNestWraps(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()), '/');
      expect(error.message).toBe(ERROR_CATALOGUE.MalformedBody.message);
    });

    it('treats a 5xx Fastify error (a server fault) as internal', () => {
      const error = toGatewayError(new errorCodes.FST_ERR_CTP_INVALID_TYPE(), '/');
      expect(error.code).toBe('InternalServerError');
      expect(error.status).toBe(500);
    });

    it('maps a JSON SyntaxError carrying a 400 status to MalformedBody', () => {
      const syntax = Object.assign(new SyntaxError('Unexpected token } in JSON at position 9'), { statusCode: 400 });
      const error = toGatewayError(syntax, '/');
      expect(error.code).toBe('MalformedBody');
      expect(error.message).not.toContain('position');
    });

    it('maps another Fastify error with a 4xx statusCode by its status', () => {
      expect(toGatewayError({ statusCode: 415, code: 'FST_ERR_SOMETHING_NEW', message: 'x' }, '/').code).toBe(
        'UnsupportedMediaType',
      );
      expect(toGatewayError({ statusCode: 404, code: 'FST_ERR_NOT_FOUND' }, '/p').entityId).toBe('/p');
    });

    it("does not trust a 4xx statusCode on an error that is not Fastify's (a library client error is internal)", () => {
      expect(toGatewayError({ statusCode: 404, message: 'upstream said 404' }, '/p').code).toBe('InternalServerError');
      expect(toGatewayError(Object.assign(new Error('bank said 400'), { statusCode: 400 }), '/p').code).toBe(
        'InternalServerError',
      );
    });
  });

  describe('database', () => {
    /** Prisma's known-request error as the client throws it (name and code are what it is told by). */
    class PrismaLikeError extends Error {
      override readonly name = 'PrismaClientKnownRequestError';
      constructor(readonly code: string) {
        super(`Transaction API error: hunter2 (${code})`);
      }
    }

    it('a transaction that found no connection in time or ran past its timeout (P2028) -> 503 with Retry-After', () => {
      const thrown = new PrismaLikeError('P2028');
      const error = toGatewayError(thrown, '/v2/payments');
      expect(error.code).toBe('UNAVAILABLE');
      expect(error.status).toBe(503);
      expect(error.retryAfterSeconds).toBe(1);
      expect(error.message).not.toContain('hunter2');
      expect(error.cause).toBe(thrown);
    });

    it('any other Prisma error is internal', () => {
      expect(toGatewayError(new PrismaLikeError('P2002'), '/').status).toBe(500);
    });
  });

  describe('anything else', () => {
    it.each([
      ['an Error', new Error('db password is hunter2')],
      ['a TypeError', new TypeError('Cannot read properties of undefined (reading hunter2)')],
      ['a SyntaxError without a status', new SyntaxError('hunter2')],
      ['an object with a 5xx statusCode', { statusCode: 502, message: 'hunter2' }],
      ['a string', 'hunter2'],
      ['null', null],
      ['undefined', undefined],
      ['a number', 42],
    ])('%s -> InternalServerError without leaking', (_name, thrown) => {
      const error = toGatewayError(thrown, '/');
      expect(error).toBeInstanceOf(GatewayError);
      expect(error.code).toBe('InternalServerError');
      expect(error.status).toBe(500);
      expect(error.external).toBe(false);
      expect(error.message).toBe(ERROR_CATALOGUE.InternalServerError.message);
      expect(error.message).not.toContain('hunter2');
      expect(error.cause).toBe(thrown);
    });
  });
});
