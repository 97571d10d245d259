/** Prose and annotations: nothing a test or a validator reads. */
const DROPPED = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', 'tags', 'security']);

/** Keys whose value maps names (property names, paths, status codes, media types ...) to entries. */
const NAME_MAPS = new Set([
  'properties',
  'paths',
  'schemas',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'content',
  'mapping',
  'encoding',
]);

/** Keys whose value is data, kept as written. */
const VERBATIM = new Set(['enum', 'default', 'const', 'required']);

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function sortedObject(entries: [string, Json][]): Json {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The structure of `value`, read as a description object (annotations dropped). */
function structure(value: Json): Json {
  if (Array.isArray(value)) return value.map(structure);
  if (typeof value !== 'object' || value === null) return value;
  return sortedObject(
    Object.entries(value)
      .filter(([key]) => !DROPPED.has(key) && !key.startsWith('x-'))
      .map(([key, item]) => [key, VERBATIM.has(key) ? item : NAME_MAPS.has(key) ? entries(item) : structure(item)]),
  );
}

/** A name map's entries, each read as a description object (the names themselves are kept). */
function entries(value: Json): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return structure(value);
  return sortedObject(Object.entries(value).map(([name, item]) => [name, structure(item)]));
}

/**
 * The structural extract of an OpenAPI description: the paths and their operations (parameters,
 * request bodies, responses), the components' schemas, responses and parameters; prose and
 * annotations dropped; keys sorted, so the same input gives the same extract.
 */
export function referenceExtract(document: { [key: string]: Json }): Json {
  const components = (document['components'] ?? {}) as { [key: string]: Json };
  return structure({
    openapi: document['openapi'] ?? null,
    paths: document['paths'] ?? {},
    components: {
      schemas: components['schemas'] ?? {},
      responses: components['responses'] ?? {},
      parameters: components['parameters'] ?? {},
    },
  });
}
