import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { parse } from 'yaml';
import { runMain } from '#libs/common';
import { referenceExtract, type Json } from './lib/reference-extract.js';

/**
 * Writes the structural extract of the published reference OpenAPI description that the tests
 * compare the gateway with (test/fixtures/reference/), so they need nothing outside the
 * repository. Kept: the paths and their operations (parameters, request bodies, responses), the
 * components' schemas, responses and parameters (types, formats, patterns, enums, required
 * fields, references). Dropped: prose and annotations (descriptions, summaries, titles, examples,
 * tags, security, `x-` extensions). Keys are sorted, so a re-run on the same input gives no diff.
 *
 * Usage: npm run reference:extract -- <published spec (.yml)> [<extract (.json)>]
 */
const DEFAULT_TARGET = 'test/fixtures/reference/tokenio-openapi.extract.json';

runMain(async () => {
  const given = process.argv[2];
  if (given === undefined) {
    process.stderr.write('usage: npm run reference:extract -- <published spec (.yml)> [<extract (.json)>]\n');
    process.exitCode = 2;
    return;
  }
  const source = resolve(given);
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
