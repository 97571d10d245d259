import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { runMain } from '#libs/common';

/**
 * Writes the structural extract of the published reference OpenAPI description that the tests
 * compare the gateway with (test/fixtures/reference/), so they need nothing outside the
 * repository. Kept: the paths and their operations (parameters, request bodies, responses), the
 * components' schemas, responses and parameters (types, formats, patterns, enums, required
 * fields, references). Dropped: prose and annotations (descriptions, summaries, titles, examples,
 * tags, security, `x-` extensions). Keys are sorted, so a re-run on the same input gives no diff.
 *
 * Usage: npm run reference:extract [-- <published spec (.yml)> [<extract (.json)>]]
 */
const DEFAULT_SOURCE = '../shared/spec/reference/tokenio-openapi.yml';
const DEFAULT_TARGET = 'test/fixtures/reference/tokenio-openapi.extract.json';

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

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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

function referenceExtract(document: { [key: string]: Json }): Json {
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

runMain(async () => {
  const source = resolve(process.argv[2] ?? DEFAULT_SOURCE);
  const target = resolve(process.argv[3] ?? DEFAULT_TARGET);
  const document = parse(readFileSync(source, 'utf8')) as { [key: string]: Json };
  const text = await format(JSON.stringify(referenceExtract(document)), {
    ...(await resolveConfig(target)),
    parser: 'json',
  });
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  process.stdout.write(`${target}\n`);
});
