import type { OpenAPIObject } from '@nestjs/swagger';
import { MAX_PATH_PARAMETER_LENGTH } from '#libs/common';
import { operationsOf } from './operations-of.js';

interface ParameterLike {
  readonly in?: string;
  schema?: Record<string, unknown>;
}

/**
 * States on every text path parameter the bound the router holds it to (a longer one matches no
 * route): the document says no more than the HTTP layer enforces.
 */
export function statePathParameterBounds(document: OpenAPIObject): void {
  for (const operation of operationsOf<{ parameters?: ParameterLike[] }>(document))
    for (const parameter of operation.parameters ?? []) {
      const schema = parameter.schema;
      if (parameter.in !== 'path' || schema?.type !== 'string' || schema.enum !== undefined) continue;
      schema.maxLength ??= MAX_PATH_PARAMETER_LENGTH;
    }
}
