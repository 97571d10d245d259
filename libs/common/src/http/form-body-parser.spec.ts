import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installFormBodyParser, stringFields } from './form-body-parser.js';

describe('installFormBodyParser', () => {
  let fastify: FastifyInstance | undefined;
  afterEach(async () => {
    await fastify?.close();
  });

  async function post(
    pathPrefixes: readonly string[] | undefined,
    url: string,
  ): Promise<{ statusCode: number; body: string }> {
    fastify = Fastify();
    installFormBodyParser(fastify, pathPrefixes);
    fastify.post('/*', (request) => request.body);
    const response = await fastify.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1&b=x%20y&a=2',
    });
    return { statusCode: response.statusCode, body: response.body };
  }

  it('parses forms under the given prefixes only (the first value of a repeated field wins)', async () => {
    expect(await post(['/pay'], '/pay/abc?x=1')).toEqual({ statusCode: 200, body: '{"a":"1","b":"x y"}' });
    expect((await post(['/pay'], '/payments')).statusCode).toBe(415);
  });

  it('parses forms on every path when no prefixes are given', async () => {
    expect(await post(undefined, '/anything/at/all')).toEqual({ statusCode: 200, body: '{"a":"1","b":"x y"}' });
  });
});

describe('stringFields', () => {
  it('keeps string fields, takes the first of string arrays, and ignores everything else', () => {
    expect(stringFields({ a: 'x', b: ['y', 'z'], c: 3, d: null })).toEqual({ a: 'x', b: 'y' });
    expect(stringFields(undefined)).toEqual({});
    expect(stringFields(['a'])).toEqual({});
  });
});
