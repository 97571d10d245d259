import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '#libs/common';
import { SigningKeyStore, type Ed25519PublicJwk } from '#libs/events';
import { JWKS_ANSWER_EXAMPLE } from './webhook-examples.js';

@ApiTags('Webhooks')
@Controller('.well-known')
export class JwksController {
  constructor(private readonly keys: SigningKeyStore) {}

  @Get('jwks.json')
  @Public()
  @Header('cache-control', 'public, max-age=300')
  @ApiOperation({
    summary: 'Webhook signing keys (JWKS)',
    description:
      'The Ed25519 public keys that verify `token-signature` and `webhook-signature` of webhook notifications; the `token-signature-kid` header names the key. After a rotation the previous key stays listed for a grace period. No authentication.',
    security: [],
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        keys: {
          type: 'array',
          items: {
            type: 'object',
            required: ['kty', 'crv', 'x', 'kid', 'alg', 'use'],
            properties: {
              kty: { type: 'string', enum: ['OKP'] },
              crv: { type: 'string', enum: ['Ed25519'] },
              x: { type: 'string', description: 'The public key, base64url.' },
              kid: { type: 'string' },
              alg: { type: 'string', enum: ['EdDSA'] },
              use: { type: 'string', enum: ['sig'] },
            },
          },
        },
      },
    },
    example: JWKS_ANSWER_EXAMPLE,
  })
  jwks(): Promise<{ keys: Ed25519PublicJwk[] }> {
    return this.keys.jwks();
  }
}
