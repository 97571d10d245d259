import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The published OpenAPI description of the interface the gateway implements, which the contract
 * tests compare the gateway with, as its structural extract kept in the repository
 * (test/fixtures/reference/; `npm run reference:extract` writes it, see docs/testing.md).
 */
const EXTRACT_FILE = join(import.meta.dirname, '../fixtures/reference/tokenio-openapi.extract.json');

export interface ReferenceDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: {
    readonly schemas: Record<string, unknown>;
    readonly responses: Record<string, unknown>;
    readonly parameters: Record<string, unknown>;
  };
}

let loaded: ReferenceDocument | undefined;

export function referenceDocument(): ReferenceDocument {
  loaded ??= JSON.parse(readFileSync(EXTRACT_FILE, 'utf8')) as ReferenceDocument;
  return loaded;
}
