import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/**
 * The published OpenAPI description of the interface the gateway implements, which the contract
 * tests compare the gateway with. It is not part of this repository: it is read from
 * `REFERENCE_OPENAPI_FILE`, or from `spec/reference/tokenio-openapi.yml` in a `shared` folder
 * beside the checkout. Where neither exists the contract tests are skipped, except in CI
 * (`CI=true`), where a missing reference fails them.
 */
const REFERENCE_FILE =
  process.env['REFERENCE_OPENAPI_FILE'] ??
  join(import.meta.dirname, '../../../shared/spec/reference/tokenio-openapi.yml');

export const referenceAvailable: boolean = existsSync(REFERENCE_FILE) || process.env['CI'] === 'true';

export interface ReferenceDocument {
  readonly paths: Record<string, Record<string, unknown>>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

let loaded: ReferenceDocument | undefined;

export function referenceDocument(): ReferenceDocument {
  if (!existsSync(REFERENCE_FILE)) {
    throw new Error(`No reference OpenAPI description at ${REFERENCE_FILE} (set REFERENCE_OPENAPI_FILE).`);
  }
  loaded ??= parse(readFileSync(REFERENCE_FILE, 'utf8')) as ReferenceDocument;
  return loaded;
}
