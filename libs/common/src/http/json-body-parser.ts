import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { JSON_TOO_DEEP_CODE } from '../errors/to-gateway-error.js';
import { nestsDeeperThan } from './json-depth.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received: what a Bearer token's payload must equal. */
    rawBody?: Buffer;
  }
}

function bodyError(message: string, code: string): Error {
  return Object.assign(new SyntaxError(message), { statusCode: 400, code });
}

/**
 * The API speaks JSON only: every other content type answers 415 (Fastify's own text/plain
 * parser is removed). The raw bytes are kept on the request; `__proto__` / `constructor`
 * keys are rejected as in Fastify's default parser; a body nesting objects and arrays deeper
 * than `maxDepth` is refused before it is parsed, so no later step (validation, transformation,
 * storage) ever walks a hostile depth.
 */
export function installJsonOnlyBodyParser(fastify: FastifyInstance, maxDepth: number): void {
  fastify.removeAllContentTypeParsers();
  const parse = (request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void): void => {
    request.rawBody = body;
    if (body.length === 0) {
      done(
        bodyError('Body cannot be empty when content-type is set to application/json', 'FST_ERR_CTP_EMPTY_JSON_BODY'),
      );
      return;
    }
    if (nestsDeeperThan(body, maxDepth)) {
      done(bodyError(`The request body nests objects and arrays deeper than ${maxDepth} levels.`, JSON_TOO_DEEP_CODE));
      return;
    }
    try {
      done(
        null,
        secureJson.parse(body.toString('utf8'), undefined, { protoAction: 'error', constructorAction: 'error' }),
      );
    } catch {
      done(bodyError('Body is not valid JSON', 'FST_ERR_CTP_INVALID_JSON_BODY'));
    }
  };
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, parse);
  fastify.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'buffer' }, parse);
}
