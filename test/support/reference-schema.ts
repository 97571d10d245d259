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

function validatorOf(schema: string): ValidateFunction {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  if (ajv === undefined) {
    ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
    addFormats.default(ajv);
    // The reference writes a type name as the format of some fields ("format: boolean"); the type
    // itself is checked, so those formats say nothing more.
    for (const typeName of ['boolean', 'string', 'integer', 'number', 'object', 'array']) ajv.addFormat(typeName, true);
    const { schemas } = oneOfAsAnyOf(referenceDocument().components) as { schemas: Record<string, Json> };
    ajv.addSchema({ $id: REFERENCE_ID, components: { schemas: withoutImpossibleRequirements(schemas) } }, REFERENCE_ID);
  }
  const validate = ajv.compile({ $ref: `${REFERENCE_ID}#/components/schemas/${schema}` });
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

function withoutImpossibleRequirements(schemas: Record<string, Json>): Record<string, Json> {
  const fixed = { ...schemas };
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
