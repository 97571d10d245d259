import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startGateway, type TestGateway } from '../support/payments-gateway.js';
import { expectReferenceAnswer, referenceOperations } from '../support/reference-schema.js';

type Json = Record<string, unknown>;

interface MediaType {
  readonly schema?: Json;
  readonly example?: unknown;
  readonly examples?: Record<string, { readonly value?: unknown }>;
}

interface Operation {
  readonly requestBody?: { readonly content?: Record<string, MediaType> };
  readonly responses: Record<string, { readonly content?: Record<string, MediaType> }>;
}

interface Document {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: Json;
}

/** One example of the document: where it is, its name (`example` or the key under `examples`), its value. */
interface Example {
  readonly operation: string;
  readonly method: string;
  readonly path: string;
  /** `request body` or the answer's status. */
  readonly part: string;
  readonly mediaType: string;
  readonly name: string;
  readonly schema: Json | undefined;
  readonly value: unknown;
}

const COMPONENTS_ID = 'served-components.json';

let gateway: TestGateway;
let document: Document;

beforeAll(async () => {
  gateway = await startGateway();
  const served = await call<Document>(`${gateway.apiUrl}/openapi.json`, 'GET', undefined);
  expect(served.status).toBe(200);
  document = served.body;
}, 60_000);

afterAll(async () => {
  await gateway?.close();
});

function operations(): [string, string, Operation][] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, string, Operation] => [method, path, operation]),
  );
}

const hasExample = (content: Record<string, MediaType> | undefined): boolean =>
  content !== undefined &&
  Object.values(content).some((media) => media.example !== undefined || media.examples !== undefined);

/** The success answers (2xx) of `operation` that have a body. */
const successAnswers = (operation: Operation): [string, Record<string, MediaType>][] =>
  Object.entries(operation.responses)
    .filter(([status, response]) => status.startsWith('2') && response.content !== undefined)
    .map(([status, response]) => [status, response.content ?? {}]);

function examplesOf(
  content: Record<string, MediaType>,
  base: Omit<Example, 'mediaType' | 'name' | 'schema' | 'value'>,
) {
  return Object.entries(content).flatMap(([mediaType, media]): Example[] => [
    ...(media.example === undefined
      ? []
      : [{ ...base, mediaType, name: 'example', schema: media.schema, value: media.example }]),
    ...Object.entries(media.examples ?? {}).map(([name, example]) => ({
      ...base,
      mediaType,
      name,
      schema: media.schema,
      value: example.value,
    })),
  ]);
}

/** Every example of the document: request bodies and success answers, `example` and each `examples[*].value`. */
function allExamples(): Example[] {
  return operations().flatMap(([method, path, operation]) => {
    const where = { operation: `${method.toUpperCase()} ${path}`, method, path };
    const body = operation.requestBody?.content;
    return [
      ...(body === undefined ? [] : examplesOf(body, { ...where, part: 'request body' })),
      ...successAnswers(operation).flatMap(([status, content]) => examplesOf(content, { ...where, part: status })),
    ];
  });
}

/** The schema's `#/components/...` references pointed at the document's components, registered under COMPONENTS_ID. */
function anchoredRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchoredRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#/')
        ? `${COMPONENTS_ID}${item}`
        : anchoredRefs(item),
    ]),
  );
}

function documentAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  // OpenAPI's number formats say how wide the number is; `type` and the bounds check the value.
  for (const format of ['int32', 'int64', 'float', 'double']) ajv.addFormat(format, true);
  ajv.addSchema({ $id: COMPONENTS_ID, components: document.components ?? {} }, COMPONENTS_ID);
  return ajv;
}

/** `/vrp-consents/{id}` and `/vrp-consents/{consentId}` name the same operation. */
const shapeOf = (operation: string): string => operation.replace(/\{[^}]*\}/g, '{}');

/**
 * Every operation of the served document has an example of its request body (when it takes one)
 * and of each success answer with a body; every example (`example` and each `examples[*].value`,
 * of request bodies and success answers) validates against its own schema in the document; and
 * the success-answer examples of operations the reference describes validate against the
 * reference's schema of that answer (expectReferenceAnswer).
 */
describe('the examples of the served OpenAPI document', () => {
  it('cover every request body and every success answer with a body', () => {
    const missing: string[] = [];
    for (const [method, path, operation] of operations()) {
      const name = `${method.toUpperCase()} ${path}`;
      if (operation.requestBody !== undefined && !hasExample(operation.requestBody.content))
        missing.push(`${name}: request body`);
      for (const [status, content] of successAnswers(operation))
        if (!hasExample(content)) missing.push(`${name}: ${status} answer`);
    }
    expect(operations().length).toBeGreaterThan(70);
    expect(missing).toEqual([]);
  });

  it('validate against their own schemas in the document', () => {
    const ajv = documentAjv();
    const examples = allExamples();
    const failures: string[] = [];
    for (const example of examples) {
      const where = `${example.operation} ${example.part} ${example.mediaType} ${example.name}`;
      if (example.schema === undefined) {
        failures.push(`${where}: no schema`);
        continue;
      }
      let validate: ValidateFunction;
      try {
        validate = ajv.compile(anchoredRefs(example.schema) as Json);
      } catch (error) {
        failures.push(`${where}: the schema does not compile (${String(error)})`);
        continue;
      }
      if (!validate(example.value))
        failures.push(
          `${where}: ${(validate.errors ?? []).map((error) => `${error.instancePath || '(the body)'} ${error.message ?? 'is invalid'}`).join('; ')}`,
        );
    }
    expect(examples.length).toBeGreaterThan(90);
    expect(failures).toEqual([]);
  });

  it('of success answers validate against the reference where it describes the operation', () => {
    const reference = new Map(referenceOperations().map((operation) => [shapeOf(operation), operation]));
    const failures: string[] = [];
    let checked = 0;
    for (const example of allExamples().filter((found) => found.part !== 'request body')) {
      const described = reference.get(shapeOf(example.operation));
      if (described === undefined) continue;
      const [method = '', template = ''] = described.split(' ');
      try {
        expectReferenceAnswer(method, template, Number(example.part), example.value, example.mediaType);
        checked += 1;
      } catch (error) {
        failures.push(`${example.operation} ${example.part} ${example.name}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
