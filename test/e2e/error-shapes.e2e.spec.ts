import { Body, Controller, Get, HttpCode, Module, Post, Query } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Type } from 'class-transformer';
import { IsInt, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, GatewayError } from '#libs/common';
import { BankRejectedError, BankUnavailableError } from '#libs/connectors';
import { createLogger, Metrics } from '#libs/observability';
import { baseUrl, testConfig } from '../support/test-env.js';

class CreditorDto {
  @IsString()
  name!: string;
}

class CreateThingDto {
  @IsString()
  @MaxLength(18)
  refId!: string;

  @ValidateNested()
  @Type(() => CreditorDto)
  creditor!: CreditorDto;
}

class ListQueryDto {
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;
}

@Controller('t')
class ThrowingController {
  @Get('invalid')
  invalid(): never {
    throw new GatewayError('Field.Invalid', {
      message: 'amount.value must be positive',
      paths: ['amount.value', 'refId'],
    });
  }

  @Get('unauthenticated')
  unauthenticated(): never {
    throw new GatewayError('Unauthenticated');
  }

  @Get('forbidden')
  forbidden(): never {
    throw new GatewayError('PermissionDenied');
  }

  @Get('not-found')
  notFound(): never {
    throw new GatewayError('NOT_FOUND', { entityId: 'pi:7a8b9c', message: 'Payment pi:7a8b9c not found.' });
  }

  @Get('exhausted')
  exhausted(): never {
    throw new GatewayError('RESOURCE_EXHAUSTED', { retryAfterSeconds: 17 });
  }

  @Get('unimplemented')
  unimplemented(): never {
    throw new GatewayError('UNIMPLEMENTED');
  }

  @Get('unavailable')
  unavailable(): never {
    throw new GatewayError('UNAVAILABLE');
  }

  @Get('deadline')
  deadline(): never {
    throw new GatewayError('DEADLINE_EXCEEDED');
  }

  @Get('crash')
  crash(): never {
    throw new Error('db password is hunter2');
  }

  @Get('bank-5xx')
  bank5xx(): never {
    throw new BankUnavailableError('ob-sandbox-gb', 502, new Error('upstream 502 with secret body'));
  }

  @Get('bank-4xx')
  bank4xx(): never {
    throw new BankRejectedError('ob-sandbox-gb', 400, 'UK.OBIE.Resource.InvalidConsentStatus', 'consent expired');
  }

  @Post('things')
  @HttpCode(201)
  create(@Body() body: CreateThingDto): { refId: string; creditor: string } {
    return { refId: body.refId, creditor: body.creditor.name };
  }

  @Get('things')
  list(@Query() query: ListQueryDto): { limit: number } {
    return { limit: query.limit };
  }
}

@Module({ controllers: [ThrowingController] })
class ErrorShapesTestModule {}

interface ErrorEnvelope {
  error: Record<string, unknown>;
}

const TRACE_ID = /^[0-9a-f]{32}$/;

describe('error shapes over real HTTP', () => {
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    const platform = {
      config: await testConfig({ BODY_LIMIT_BYTES: '2048' }),
      logger: createLogger('test', 'silent'),
      metrics: new Metrics('test'),
    };
    app = await createHttpApp(ErrorShapesTestModule, platform);
    await app.listen(0, '127.0.0.1');
    url = baseUrl(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Fetches, parses the error body and checks the trace id in body and header agree. */
  async function call(
    path: string,
    init?: RequestInit,
  ): Promise<{ response: Response; error: Record<string, unknown>; raw: string }> {
    const response = await fetch(`${url}${path}`, init);
    const raw = await response.text();
    expect(response.headers.get('content-type')).toContain('application/json');
    const parsed = JSON.parse(raw) as ErrorEnvelope;
    expect(Object.keys(parsed)).toEqual(['error']);
    const header = response.headers.get('token-trace-id');
    expect(header).toMatch(TRACE_ID);
    expect(parsed.error['tokenTraceId']).toBe(header);
    return { response, error: parsed.error, raw };
  }

  function post(
    path: string,
    body: string,
    contentType = 'application/json',
  ): Promise<{ response: Response; error: Record<string, unknown>; raw: string }> {
    return call(path, { method: 'POST', headers: { 'content-type': contentType }, body });
  }

  const sorted = (error: Record<string, unknown>): string[] => Object.keys(error).sort();

  describe('thrown GatewayErrors', () => {
    it('400: message + tokenTraceId, with errorCode and paths', async () => {
      const { response, error } = await call('/t/invalid');
      expect(response.status).toBe(400);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'paths', 'tokenTraceId']);
      expect(error).toMatchObject({
        errorCode: 'Field.Invalid',
        message: 'amount.value must be positive',
        paths: ['amount.value', 'refId'],
      });
      expect(response.headers.get('token-external-error')).toBeNull();
    });

    it('401: only message + tokenTraceId', async () => {
      const { response, error } = await call('/t/unauthenticated');
      expect(response.status).toBe(401);
      expect(sorted(error)).toEqual(['message', 'tokenTraceId']);
      expect(typeof error['message']).toBe('string');
    });

    it('403: errorCode + message + tokenTraceId', async () => {
      const { response, error } = await call('/t/forbidden');
      expect(response.status).toBe(403);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'tokenTraceId']);
      expect(error['errorCode']).toBe('PermissionDenied');
    });

    it('404: errorCode + paymentId (the entity id) + message + tokenTraceId', async () => {
      const { response, error } = await call('/t/not-found');
      expect(response.status).toBe(404);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'paymentId', 'tokenTraceId']);
      expect(error).toMatchObject({
        errorCode: 'NOT_FOUND',
        paymentId: 'pi:7a8b9c',
        message: 'Payment pi:7a8b9c not found.',
      });
    });

    it.each([
      ['/t/exhausted', 429, 'RESOURCE_EXHAUSTED', 'Resource exhausted. Check quota.'],
      ['/t/unimplemented', 501, 'UNIMPLEMENTED', 'Not implemented.'],
      ['/t/unavailable', 503, 'UNAVAILABLE', 'Unavailable.'],
      ['/t/deadline', 504, 'DEADLINE_EXCEEDED', 'Deadline exceeded.'],
    ])('%s -> %i: errorCode + paymentId (notice) + message + tokenTraceId', async (path, status, code, notice) => {
      const { response, error } = await call(path);
      expect(response.status).toBe(status);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'paymentId', 'tokenTraceId']);
      expect(error['errorCode']).toBe(code);
      expect(error['paymentId']).toBe(notice);
      expect(typeof error['message']).toBe('string');
      expect(response.headers.get('token-external-error')).toBeNull();
    });

    it('429 carries retry-after', async () => {
      const { response } = await call('/t/exhausted');
      expect(response.headers.get('retry-after')).toBe('17');
    });
  });

  describe('500 and the external-error header', () => {
    it('an internal failure is a 500 that leaks nothing and has no external header', async () => {
      const { response, error, raw } = await call('/t/crash');
      expect(response.status).toBe(500);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'tokenTraceId']);
      expect(error['errorCode']).toBe('InternalServerError');
      expect(raw).not.toContain('hunter2');
      expect(raw).not.toContain('db password');
      expect(raw).not.toContain('at ');
      expect(raw).not.toContain('.ts:');
      expect(response.headers.get('token-external-error')).toBeNull();
    });

    it('a bank 5xx is a 500 with token-external-error: true', async () => {
      const { response, error, raw } = await call('/t/bank-5xx');
      expect(response.status).toBe(500);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'tokenTraceId']);
      expect(error['errorCode']).toBe('BankInternalError');
      expect(response.headers.get('token-external-error')).toBe('true');
      expect(raw).not.toContain('secret body');
    });

    it('a bank 4xx has no external header', async () => {
      const { response, error } = await call('/t/bank-4xx');
      expect(response.status).toBe(403);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'tokenTraceId']);
      expect(error['message']).toContain('consent expired');
      expect(response.headers.get('token-external-error')).toBeNull();
    });
  });

  describe('transport and validation errors', () => {
    const valid = { refId: 'ref-1', creditor: { name: 'Alice' } };

    it('a valid request succeeds and carries the trace id header', async () => {
      const response = await fetch(`${url}/t/things`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(valid),
      });
      expect(response.status).toBe(201);
      expect(response.headers.get('token-trace-id')).toMatch(TRACE_ID);
      expect(await response.json()).toEqual({ refId: 'ref-1', creditor: 'Alice' });
      const list = await fetch(`${url}/t/things?limit=5`);
      expect(list.status).toBe(200);
      expect(list.headers.get('token-trace-id')).toMatch(TRACE_ID);
      expect(await list.json()).toEqual({ limit: 5 });
    });

    it('gives each request its own trace id', async () => {
      const a = await call('/t/forbidden');
      const b = await call('/t/forbidden');
      expect(a.error['tokenTraceId']).not.toBe(b.error['tokenTraceId']);
    });

    it('malformed JSON -> 400 MalformedBody', async () => {
      const { response, error, raw } = await post('/t/things', '{"refId": "x",');
      expect(response.status).toBe(400);
      expect(error['errorCode']).toBe('MalformedBody');
      expect(typeof error['message']).toBe('string');
      expect(raw).not.toContain('at ');
    });

    it('an empty JSON body -> 400 MalformedBody', async () => {
      const { response, error } = await post('/t/things', '');
      expect(response.status).toBe(400);
      expect(error['errorCode']).toBe('MalformedBody');
    });

    it('text/plain -> 415', async () => {
      const { response, error } = await post('/t/things', JSON.stringify(valid), 'text/plain; charset=utf-8');
      expect(response.status).toBe(415);
      expect(error['errorCode']).toBe('UnsupportedMediaType');
      expect(typeof error['message']).toBe('string');
    });

    it('a content type with no parser at all -> 415', async () => {
      const { response, error } = await post('/t/things', '<thing/>', 'application/xml');
      expect(response.status).toBe(415);
      expect(error['errorCode']).toBe('UnsupportedMediaType');
    });

    it('a JSON string literal under application/json stays a 400, not a 415', async () => {
      const { response, error } = await post(
        '/t/things',
        JSON.stringify('just a string'),
        'application/json; charset=utf-8',
      );
      expect(response.status).toBe(400);
      expect(error['errorCode']).not.toBe('UnsupportedMediaType');
    });

    it('an unknown route -> 404 whose paymentId is the path', async () => {
      const { response, error } = await call('/t/nowhere?x=1');
      expect(response.status).toBe(404);
      expect(sorted(error)).toEqual(['errorCode', 'message', 'paymentId', 'tokenTraceId']);
      expect(error['errorCode']).toBe('ROUTE_NOT_FOUND');
      expect(error['paymentId']).toBe('/t/nowhere');
    });

    it.each(['abc', '0', '101', '2.5'])('?limit=%s -> 400 naming limit', async (value) => {
      const { response, error } = await call(`/t/things?limit=${value}`);
      expect(response.status).toBe(400);
      expect(error['errorCode']).toBe('Field.Invalid');
      expect(error['paths']).toEqual(['limit']);
      expect(error['message']).toContain('limit');
    });

    it('an unknown body field -> 400 naming it', async () => {
      const { response, error } = await post('/t/things', JSON.stringify({ ...valid, sneaky: true }));
      expect(response.status).toBe(400);
      expect(error['errorCode']).toBe('Field.Unknown');
      expect(error['paths']).toEqual(['sneaky']);
      expect(error['message']).toContain('sneaky');
    });

    it('a too-long refId -> 400 naming refId', async () => {
      const { response, error } = await post('/t/things', JSON.stringify({ ...valid, refId: 'x'.repeat(19) }));
      expect(response.status).toBe(400);
      expect(error['paths']).toEqual(['refId']);
    });

    it('a wrong-type nested field -> 400 with the dotted path', async () => {
      const { response, error } = await post('/t/things', JSON.stringify({ refId: 'ref-1', creditor: { name: 42 } }));
      expect(response.status).toBe(400);
      expect(error['errorCode']).toBe('Field.Invalid');
      expect(error['paths']).toEqual(['creditor.name']);
      expect(error['message']).toContain('creditor.name');
    });

    it('a body over the limit -> 413', async () => {
      const { response, error } = await post('/t/things', JSON.stringify({ ...valid, refId: 'x'.repeat(4096) }));
      expect(response.status).toBe(413);
      expect(error['errorCode']).toBe('PayloadTooLarge');
    });
  });
});
