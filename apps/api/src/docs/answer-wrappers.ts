import type { OpenAPIObject } from '@nestjs/swagger';
import { operationsOf } from './operations-of.js';

type Schema = Record<string, unknown>;

/** The list-page fields an answer always carries beside its list. */
const PAGE_FIELDS = new Set(['pageInfo', 'paging']);

function isContainer(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, $ref } = schema as { type?: unknown; $ref?: unknown };
  return type === 'object' || type === 'array' || typeof $ref === 'string';
}

/**
 * What a success answer always carries, declared `required` where the controllers' schemas left it
 * unsaid, so that typed clients need not test for it: the resource of a one-resource answer
 * (`{ "payment": {...} }`), and a list answer's list with its `pageInfo` or `paging` (`{ "payments":
 * [...], "pageInfo": {...} }`). Fields that an answer may leave out (a next page's `offset`, a
 * secret shown once) are left optional. Schemas that say `required` are kept as they are.
 */
export function requireAnswerWrappers(document: OpenAPIObject): void {
  for (const operation of operationsOf<{ responses?: Record<string, unknown> }>(document)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (!status.startsWith('2')) continue;
      const schema = (response as { content?: Record<string, { schema?: Schema }> }).content?.['application/json']
        ?.schema;
      if (schema?.['type'] !== 'object' || schema['required'] !== undefined) continue;
      const properties = Object.entries((schema['properties'] ?? {}) as Record<string, unknown>);
      const lists = properties.filter(([, property]) => (property as Schema)['type'] === 'array');
      const required =
        properties.length === 1 && isContainer(properties[0]?.[1])
          ? [properties[0]?.[0] ?? '']
          : lists.length === 1 &&
              properties.every(
                ([name, property]) => PAGE_FIELDS.has(name) || property === lists[0]?.[1] || name === 'offset',
              )
            ? properties.filter(([name]) => name !== 'offset').map(([name]) => name)
            : [];
      if (required.length > 0) schema['required'] = required;
    }
  }
}
