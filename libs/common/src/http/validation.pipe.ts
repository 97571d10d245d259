import { ValidationPipe, type Type, type ValidationError } from '@nestjs/common';
import { GatewayError } from '../errors/gateway-error.js';
import { memoiseValidationMetadata } from './validation-metadata-memo.js';

interface FieldProblem {
  readonly path: string;
  readonly message: string;
  readonly unknown: boolean;
}

function collect(errors: readonly ValidationError[], prefix: string, out: FieldProblem[]): void {
  for (const error of errors) {
    const path = prefix === '' ? error.property : `${prefix}.${error.property}`;
    const constraints = error.constraints ?? {};
    const messages = Object.values(constraints);
    if (messages.length > 0) {
      out.push({ path, message: messages.join('; '), unknown: 'whitelistValidation' in constraints });
    }
    if (error.children !== undefined && error.children.length > 0) collect(error.children, path, out);
  }
}

/** class-validator problems as one 400 that names every field at fault. */
export function validationErrorToGatewayError(errors: readonly ValidationError[]): GatewayError {
  const problems: FieldProblem[] = [];
  collect(errors, '', problems);
  const message = problems
    .map((p) => (p.message.startsWith(p.path) ? p.message : `${p.path}: ${p.message}`))
    .join('. ');
  const code = problems.every((p) => p.unknown) && problems.length > 0 ? 'Field.Unknown' : 'Field.Invalid';
  return new GatewayError(code, {
    message: message === '' ? 'The request is invalid.' : message,
    paths: problems.map((p) => p.path),
  });
}

/**
 * Nest's ValidationPipe for values that come from JSON bodies, query strings and headers (the
 * gateway parses no other body type): none of them can hold a binary value, so the pipe's search
 * for Buffers and typed arrays among the nested objects of every DTO is skipped.
 */
class JsonValidationPipe extends ValidationPipe {
  protected override findNestedBinaryValues(): ValidationError[] {
    return [];
  }
}

/** Validates and transforms DTOs; unknown properties are rejected, not silently dropped. */
export function createValidationPipe(): ValidationPipe {
  memoiseValidationMetadata();
  return new JsonValidationPipe({
    transform: true,
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationErrorToGatewayError(errors),
  });
}

const bodyPipe = createValidationPipe();

/**
 * A request body validated and transformed as the global pipe does a `@Body()` parameter, for a
 * handler that validates inside its own work (see IdempotentRequests in the api): a 400 the same
 * as the pipe's.
 */
export function validateBody<T>(metatype: Type<T>, body: unknown): Promise<T> {
  return bodyPipe.transform(body, { type: 'body', metatype, data: undefined }) as Promise<T>;
}
