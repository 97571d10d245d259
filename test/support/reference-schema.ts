import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { referenceDocument } from './reference-spec.js';

type Json = Record<string, unknown>;

const REFERENCE_ID = 'reference-components.json';
let ajv: Ajv | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The reference's overlapping `oneOf` alternatives read as "one of these shapes" (see reference-payment-schema.ts). */
function oneOfAsAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oneOfAsAnyOf);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key === 'oneOf' ? 'anyOf' : key, oneOfAsAnyOf(item)]),
  );
}

function referenceAjv(): Ajv {
  if (ajv === undefined) {
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    // The reference writes a type name as the format of some fields ("format: boolean"); the type
    // itself is checked, so those formats say nothing more.
    for (const typeName of ['boolean', 'string', 'integer', 'number', 'object', 'array']) ajv.addFormat(typeName, true);
    const { schemas } = oneOfAsAnyOf(referenceDocument().components) as { schemas: Record<string, Json> };
    ajv.addSchema({ $id: REFERENCE_ID, components: { schemas: withoutImpossibleRequirements(schemas) } }, REFERENCE_ID);
  }
  return ajv;
}

function validatorOf(schema: string): ValidateFunction {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  const validate = referenceAjv().compile({ $ref: `${REFERENCE_ID}#/components/schemas/${schema}` });
  compiled.set(schema, validate);
  return validate;
}

/**
 * `required` lists of the reference that no instance could satisfy (docs/testing.md, "The reference description"):
 * TransferDestination and AccountIdentifier require every one of their alternatives,
 * member.Merchant requires an `industry` it does not define, AccountDetails an `accountFeautures`
 * it does not define. They are dropped (the rest of each schema is kept). TokenRequestPayload's
 * `id` and TokenRequestOptions' `to`, which it requires without defining them, are answered and
 * checked (the token request's id; the payload's `to`).
 */
const IMPOSSIBLE_REQUIREMENTS: Readonly<Record<string, readonly string[]>> = {
  TransferDestination: ['*'],
  AccountIdentifier: ['*'],
  'member.Merchant': ['industry'],
  AccountDetails: ['accountFeautures'],
};

/**
 * `items` of the reference that no item could satisfy, with the item schema checked instead
 * (docs/testing.md, "The reference description"): schema name, array property, item schema.
 * GetVirtualAccountSettlementPayoutsResponse's `payouts` types each item as an array beside the
 * `$ref` naming SettlementRulePayout: the `$ref` is kept. BankV1's
 * `supportedTransferDestinationTypes` types each item as a string and as one of the destination
 * objects (TransferDestinationSepa ...) or a customer type (TransferDestinationType): the items
 * are the destination types' names (FASTER_PAYMENTS, SEPA ...), strings.
 */
const ITEM_CORRECTIONS: ReadonlyArray<readonly [string, string, Json]> = [
  ['GetVirtualAccountSettlementPayoutsResponse', 'payouts', { $ref: '#/components/schemas/SettlementRulePayout' }],
  ['BankV1', 'supportedTransferDestinationTypes', { type: 'string' }],
];

function withCorrectedItems(schemas: Record<string, Json>): Record<string, Json> {
  const fixed = { ...schemas };
  for (const [name, property, item] of ITEM_CORRECTIONS) {
    const schema = fixed[name] as { properties?: Record<string, Json> } | undefined;
    const list = schema?.properties?.[property];
    if (schema === undefined || list === undefined) throw new Error(`the reference has no ${name}.${property}`);
    fixed[name] = { ...schema, properties: { ...schema.properties, [property]: { ...list, items: item } } };
  }
  return fixed;
}

function withoutImpossibleRequirements(schemas: Record<string, Json>): Record<string, Json> {
  const fixed = withCorrectedItems(schemas);
  for (const [name, dropped] of Object.entries(IMPOSSIBLE_REQUIREMENTS)) {
    const schema = fixed[name];
    if (schema === undefined || !Array.isArray(schema['required'])) continue;
    const required = (schema['required'] as string[]).filter(
      (field) => !dropped.includes('*') && !dropped.includes(field),
    );
    fixed[name] = { ...schema, required };
  }
  return fixed;
}

/** Asserts that `value` validates against the reference's components schema `schema`. */
export function expectReferenceSchema(schema: string, value: unknown, where: string): void {
  const validate = validatorOf(schema);
  validate(value);
  expect(validate.errors ?? [], `${where}: ${JSON.stringify(value)}`).toEqual([]);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the reference, as `METHOD /path/template`, in the reference's order. */
export function referenceOperations(): string[] {
  return Object.entries(referenceDocument().paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/**
 * Answers whose schema in the reference contradicts the reference's own error shape, with the
 * schema the tests check instead (docs/testing.md, "The reference description"). Keyed by
 * `METHOD /path/template status`.
 */
const ANSWER_CORRECTIONS: Readonly<Record<string, Json>> = {
  // Every other error answer of the reference is `{ error: ... }`; this one is the bare FieldError.
  'GET /v2/payments 400': {
    type: 'object',
    properties: { error: { $ref: '#/components/schemas/FieldError' } },
    required: ['error'],
  },
};

/** The schema's `#/components/...` references pointed at the registered reference components. */
function anchoredRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchoredRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith('#/')
        ? `${REFERENCE_ID}${item}`
        : anchoredRefs(item),
    ]),
  );
}

/** The response object of `operation` for `status`, its `$ref` into components.responses followed. */
function referenceResponse(operation: string, status: number): Json {
  const [method = '', path = ''] = operation.split(' ');
  const document = referenceDocument();
  const item = document.paths[path];
  const described = item?.[method.toLowerCase()] as { responses?: Record<string, Json> } | undefined;
  if (described === undefined) throw new Error(`${operation} is not an operation of the reference`);
  const responses = described.responses ?? {};
  const response = responses[String(status)];
  if (response === undefined) {
    throw new Error(
      `the reference gives ${operation} no ${status} answer (it gives ${Object.keys(responses).join(', ')})`,
    );
  }
  const ref = response['$ref'];
  if (typeof ref !== 'string') return response;
  const named = document.components.responses[ref.replace('#/components/responses/', '')] as Json | undefined;
  if (named === undefined) throw new Error(`${operation} ${status}: ${ref} is not in the reference`);
  return named;
}

/**
 * The schema the reference gives the `status` answer of `METHOD pathTemplate` in `mediaType`
 * (corrected where ANSWER_CORRECTIONS says so), or undefined when that answer has no body.
 */
export function referenceAnswerSchema(
  method: string,
  pathTemplate: string,
  status: number,
  mediaType = 'application/json',
): Json | undefined {
  const operation = `${method.toUpperCase()} ${pathTemplate}`;
  const response = referenceResponse(operation, status);
  const corrected = ANSWER_CORRECTIONS[`${operation} ${status}`];
  if (corrected !== undefined) return corrected;
  const content = response['content'] as Record<string, { schema?: Json }> | undefined;
  if (content === undefined) return undefined;
  const media = content[mediaType];
  if (media === undefined) {
    throw new Error(
      `the reference gives ${operation} ${status} no ${mediaType} body (only ${Object.keys(content).join(', ')})`,
    );
  }
  return media.schema ?? {};
}

const answerValidators = new Map<string, ValidateFunction>();
const validatedOperations = new Set<string>();

/** One line per schema error: where in the body, what is wrong. */
function readableErrors(errors: ValidateFunction['errors']): string[] {
  return (errors ?? []).map((error) => {
    const where = error.instancePath === '' ? '(the body)' : error.instancePath;
    const allowed = (error.params as { allowedValues?: unknown }).allowedValues;
    const extra = Array.isArray(allowed) ? ` (${allowed.map(String).join(', ')})` : '';
    return `${where}: ${error.message ?? 'is invalid'}${extra} [${error.schemaPath.replace(REFERENCE_ID, '')}]`;
  });
}

/**
 * Asserts that `body`, answered with `status` by `METHOD pathTemplate` (the reference's path
 * template, e.g. `/v2/payments/{paymentId}`), validates against the schema the reference gives
 * that answer in `mediaType`. A success answer that validates is recorded for
 * validatedReferenceOperations. Fails naming each error's path in the body.
 */
export function expectReferenceAnswer(
  method: string,
  pathTemplate: string,
  status: number,
  body: unknown,
  mediaType = 'application/json',
): void {
  const operation = `${method.toUpperCase()} ${pathTemplate}`;
  const key = `${operation} ${status} ${mediaType}`;
  const where = `${operation} ${status}: ${JSON.stringify(body)?.slice(0, 4000) ?? 'no body'}`;
  let validate = answerValidators.get(key);
  if (validate === undefined) {
    const schema = referenceAnswerSchema(method, pathTemplate, status, mediaType);
    if (schema === undefined) {
      expect(body, where).toBeUndefined();
    } else {
      const ajv = referenceAjv();
      validate = ajv.compile(anchoredRefs(oneOfAsAnyOf(schema)) as Json);
      answerValidators.set(key, validate);
    }
  }
  if (validate !== undefined) {
    validate(body);
    const errors = readableErrors(validate.errors);
    const message = `${operation} ${status}, off the reference:\n  ${errors.join('\n  ')}\n${where}`;
    expect(errors, errors.length === 0 ? where : message).toEqual([]);
  }
  if (status >= 200 && status < 300) validatedOperations.add(operation);
}

/** The operations (`METHOD /path/template`) whose success answer expectReferenceAnswer validated. */
export function validatedReferenceOperations(): ReadonlySet<string> {
  return validatedOperations;
}
