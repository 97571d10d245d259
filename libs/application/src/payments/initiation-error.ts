import { GatewayError } from '#libs/common';
import {
  checkInitiationContext,
  describeProblem,
  underPath,
  type FieldProblem,
  type InitiationContext,
  type PaymentInitiationInput,
} from '#libs/domain';

/** The problems as one 400 naming each field under `initiation.`. */
export function initiationError(problems: readonly FieldProblem[]): GatewayError {
  const located = underPath('initiation', problems);
  const code = located.every((problem) => problem.kind === 'required') ? 'Field.Expected' : 'Field.Invalid';
  const [first] = located;
  if (located.length === 1 && first !== undefined)
    return GatewayError.invalidField(first.path, describeProblem(first), code);
  return new GatewayError(code, {
    message: located.map(describeProblem).join('. '),
    paths: located.map((problem) => problem.path),
  });
}

/**
 * checkInitiationContext that throws: a GatewayError (400) naming every field at fault by its
 * dotted path, or the input with the rail resolved.
 */
export function checkInitiationAgainstContext(
  input: PaymentInitiationInput,
  context: InitiationContext,
): PaymentInitiationInput {
  const checked = checkInitiationContext(input, context);
  if (checked.problems.length > 0) throw initiationError(checked.problems);
  return checked.input;
}
