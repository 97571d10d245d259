import openapiTS, { COMMENT_HEADER, astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type TestGateway } from '../support/payments-gateway.js';

/** The server the committed document names: the address `npm start` serves the api at. */
const SDK_DOCUMENT_SERVER = 'http://localhost:8080';

let gateway: TestGateway;

/** The operations whose parameters include the Idempotency-Key header, as the SDK's module lists them. */
function idempotencyKeyOperations(document: OpenAPI3): string {
  const operations: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const [method, operation] of Object.entries(item as Record<string, { parameters?: unknown[] }>)) {
      const parameters = (operation.parameters ?? []) as { name?: string; in?: string }[];
      if (parameters.some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key'))
        operations.push(`${method.toUpperCase()} ${path}`);
    }
  return [
    '// Generated from openapi.json by test/e2e/sdk-document.e2e.spec.ts (`npm run sdk:generate`).',
    '',
    '/** The operations that take an Idempotency-Key header. */',
    'export const IDEMPOTENCY_KEY_OPERATIONS: readonly string[] = [',
    ...operations.sort().map((operation) => `  '${operation}',`),
    '];',
    '',
  ].join('\n');
}

beforeAll(async () => {
  gateway = await startGateway();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

/**
 * The SDK (packages/sdk) is typed from the OpenAPI document the running gateway serves: the
 * document is committed beside it (`packages/sdk/openapi.json`, this run's address replaced by
 * SDK_DOCUMENT_SERVER) and its types are what openapi-typescript makes of it
 * (`packages/sdk/src/generated/gateway-api.ts`). A route or schema change that the committed
 * files do not have fails here (and so the build); `npm run sdk:generate` writes them again.
 */
describe('the SDK document', () => {
  it('is the document the gateway serves, and the SDK types are generated from it', async () => {
    const answer = await fetch(`${gateway.apiUrl}/openapi.json`);
    expect(answer.status).toBe(200);
    const served = (await answer.text()).split(gateway.apiUrl).join(SDK_DOCUMENT_SERVER);
    const document = JSON.parse(served) as OpenAPI3;
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot('../../packages/sdk/openapi.json');

    // A field is optional unless the schema requires it: openapi-typescript's default
    // (defaultNonNullable) would make every field with a default required, request bodies'
    // schemas under components included, so a body without `consentAccepted` would not typecheck.
    const types = astToString(
      await openapiTS(document, { exportType: false, alphabetize: true, defaultNonNullable: false }),
    );
    await expect(`${COMMENT_HEADER}${types}`).toMatchFileSnapshot('../../packages/sdk/src/generated/gateway-api.ts');

    await expect(idempotencyKeyOperations(document)).toMatchFileSnapshot(
      '../../packages/sdk/src/generated/idempotent-operations.ts',
    );
  });
});
