import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { PAYMENT_OPENAPI_SCHEMAS } from '../payments/payment.openapi.js';
import { requireAnswerWrappers } from './answer-wrappers.js';
import { addErrorResponses } from './error-responses.js';
import { statePathParameterBounds } from './path-parameter-bounds.js';
import { documentRateLimitHeaders } from './rate-limit-headers.js';
import { declareTags } from './tags.js';

const ERROR_DESCRIPTION = [
  'Every error answers `{ "error": { ... } }` in the shape its status requires, always with `tokenTraceId`;',
  'the same trace id is in the `token-trace-id` response header of every response.',
  '`token-external-error: true` is set only when a bank 5xx caused the error.',
].join(' ');

/** The public API's OpenAPI document, generated from the controllers, with both auth schemes. */
export function buildPublicDocument(app: NestFastifyApplication, serverUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Open Banking Payments Gateway')
    .setDescription(
      `Pay and be paid by bank transfer, read accounts with consent, and receive signed webhooks.\n\n${ERROR_DESCRIPTION}`,
    )
    .setVersion('0.1.0')
    .setLicense('Apache-2.0', 'https://www.apache.org/licenses/LICENSE-2.0')
    .addServer(serverUrl)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          "Production and sandbox: a request-bound JWS signed with one of the member's registered keys. Verified as RFC8725 asks: the algorithm must fit the registered key's type (never `none`, never HMAC), and the signature, the expiry and the binding to the request (method, host, path, query, body digest) are all checked.",
      },
      'Bearer',
    )
    .addSecurity('BasicAuth', {
      type: 'apiKey',
      in: 'header',
      name: 'Authorization',
      description: 'Sandbox only: `Authorization: Basic <API_KEY>` with the API key as issued.',
    })
    .addSecurityRequirements('Bearer')
    .addSecurityRequirements('BasicAuth')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ...PAYMENT_OPENAPI_SCHEMAS },
  };
  // The API is public: its audience is every member, not an internal one.
  document.servers = document.servers?.map((server) => ({ ...server, 'x-internal': false }));
  requireAnswerWrappers(document);
  statePathParameterBounds(document);
  addErrorResponses(document, 'members');
  documentRateLimitHeaders(document);
  declareTags(document);
  return document;
}

/** The admin API's own document (served on the admin port only). */
export function buildAdminDocument(app: NestFastifyApplication, serverUrl: string): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Open Banking Payments Gateway: admin API')
    .setDescription(
      `Operator endpoints on ADMIN_PORT, guarded by \`Authorization: Bearer <ADMIN_TOKEN>\`.\n\n${ERROR_DESCRIPTION}`,
    )
    .setVersion('0.1.0')
    .addServer(serverUrl)
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The ADMIN_TOKEN.' }, 'AdminToken')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  addErrorResponses(document, 'operators');
  return document;
}

/** Serves `document` as JSON at `<prefix>openapi.json` and a docs page at `<prefix>docs`. */
export function serveDocs(app: NestFastifyApplication, document: OpenAPIObject, prefix: string): void {
  SwaggerModule.setup(`${prefix}docs`, app, document, {
    jsonDocumentUrl: `${prefix}openapi.json`,
    raw: ['json'],
    customSiteTitle: document.info.title,
  });
}
