import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createValidationPipe, GatewayError } from '#libs/common';
import { EmbeddedAuthRequest } from './embedded-auth.request.js';

const pipe = createValidationPipe();

function parse(body: unknown): Promise<EmbeddedAuthRequest> {
  return pipe.transform(body, { type: 'body', metatype: EmbeddedAuthRequest }) as Promise<EmbeddedAuthRequest>;
}

describe('EmbeddedAuthRequest', () => {
  it('takes an object of string values', async () => {
    expect((await parse({ embeddedAuth: { '123': 'SMS message', otp: '' } })).embeddedAuth).toEqual({
      '123': 'SMS message',
      otp: '',
    });
    expect(
      (await parse({ embeddedAuth: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'v'])) }))
        .embeddedAuth,
    ).toBeDefined();
  });

  it.each<[string, unknown, string, string]>([
    ['embeddedAuth is required', {}, 'embeddedAuth', 'embeddedAuth is required'],
    [
      'an object, not a list',
      { embeddedAuth: ['1234'] },
      'embeddedAuth',
      'embeddedAuth must be an object of field ids to string values',
    ],
    [
      'an object, not text',
      { embeddedAuth: '1234' },
      'embeddedAuth',
      'embeddedAuth must be an object of field ids to string values',
    ],
    [
      'string values',
      { embeddedAuth: { otp: 1234 } },
      'embeddedAuth',
      'embeddedAuth must have string values; "otp" is not a string',
    ],
    [
      'at most 20 entries',
      { embeddedAuth: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v'])) },
      'embeddedAuth',
      'embeddedAuth must have at most 20 entries',
    ],
    [
      'bounded keys',
      { embeddedAuth: { ['k'.repeat(129)]: 'v' } },
      'embeddedAuth',
      'embeddedAuth must have field ids of 1 to 128 characters without control characters',
    ],
    [
      'no empty key',
      { embeddedAuth: { '': 'v' } },
      'embeddedAuth',
      'embeddedAuth must have field ids of 1 to 128 characters without control characters',
    ],
    [
      'bounded values',
      { embeddedAuth: { otp: 'v'.repeat(1025) } },
      'embeddedAuth',
      'embeddedAuth must have values of at most 1024 characters; "otp" has 1025',
    ],
    [
      'nothing else in the body',
      { embeddedAuth: { otp: '1' }, paymentId: 'pm2:1' },
      'paymentId',
      'paymentId: property paymentId should not exist',
    ],
  ])('%s', async (_name, body, path, message) => {
    const error = await parse(body).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).paths).toEqual([path]);
    expect((error as GatewayError).message).toBe(message);
  });
});
