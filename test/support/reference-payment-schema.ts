import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { referenceDocument } from './reference-spec.js';

const REFERENCE_ID = 'reference.json';
let validatePayment: ValidateFunction | undefined;

/**
 * The reference's `oneOf` lists alternative shapes that overlap (SepaAccount and
 * SepaInstantAccount are the same schema, and a sort code with an account number fits both
 * FasterPaymentsAccount and an Elixir shape), so read strictly no IBAN creditor could ever match
 * exactly one. It means "one of these shapes": checked as `anyOf`.
 */
function oneOfAsAnyOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(oneOfAsAnyOf);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key === 'oneOf' ? 'anyOf' : key, oneOfAsAnyOf(item)]),
  );
}

type Json = Record<string, unknown>;

/**
 * The reference's Payment schema, compiled once: its components registered under one id so
 * every `$ref: '#/components/schemas/...'` resolves. OpenAPI 3.0 keywords JSON Schema does not
 * know (example, discriminator, xml, x-*) are ignored (`strict: false`); `nullable` is Ajv's own.
 */
function paymentValidator(): ValidateFunction {
  if (validatePayment !== undefined) return validatePayment;
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  const components = oneOfAsAnyOf(referenceDocument().components) as { schemas: Record<string, Json> };
  ajv.addSchema({ $id: REFERENCE_ID, components }, REFERENCE_ID);
  validatePayment = ajv.compile({ $ref: `${REFERENCE_ID}#/components/schemas/Payment` });
  return validatePayment;
}

/**
 * Asserts that a payment the gateway answered validates against the reference's Payment schema.
 */
export function expectReferencePayment(payment: unknown, where: string, ignoredPaths: readonly string[] = []): void {
  const validate = paymentValidator();
  validate(payment);
  const errors = (validate.errors ?? []).filter(
    (error) => !ignoredPaths.some((path) => error.instancePath.startsWith(path)),
  );
  expect(errors, `${where}: ${JSON.stringify(payment)}`).toEqual([]);
}

/** A payment of a `partial=true` list: the reference's "partial format", only id and status. */
function expectPartialPayment(payment: unknown, where: string): void {
  expect(Object.keys(payment as object).sort(), where).toEqual(['id', 'status']);
  const { id, status } = payment as { id: unknown; status: unknown };
  expect(typeof id, where).toBe('string');
  expectReferencePayment(
    { id, status, memberId: 'm', initiation: {}, createdDateTime: '', updatedDateTime: '' },
    where,
    ['/initiation', '/createdDateTime', '/updatedDateTime'],
  );
}

/**
 * Every payment in a Payments v2 answer (`payment` or `payments`), checked against the
 * reference; `partial` when the list was asked for with `partial=true`.
 */
export function expectReferencePayments(body: unknown, where: string, options: { partial?: boolean } = {}): void {
  if (typeof body !== 'object' || body === null) return;
  const answer = body as { payment?: unknown; payments?: unknown };
  if (answer.payment !== undefined) expectReferencePayment(answer.payment, where);
  if (Array.isArray(answer.payments)) {
    answer.payments.forEach((payment, index) => {
      if (options.partial === true) expectPartialPayment(payment, `${where} payments[${index}]`);
      else expectReferencePayment(payment, `${where} payments[${index}]`);
    });
  }
}
