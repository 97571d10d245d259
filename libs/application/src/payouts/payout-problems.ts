import { GatewayError } from '#libs/common';
import { describeProblem, type FieldProblem } from '#libs/domain';

/** The problems (paths already from the body) as one 400 naming each field. */
export function payoutFieldsError(problems: readonly FieldProblem[]): GatewayError {
  const code = problems.every((problem) => problem.kind === 'required') ? 'Field.Expected' : 'Field.Invalid';
  const [first] = problems;
  if (problems.length === 1 && first !== undefined)
    return GatewayError.invalidField(first.path, describeProblem(first), code);
  return new GatewayError(code, {
    message: problems.map(describeProblem).join('. '),
    paths: problems.map((problem) => problem.path),
  });
}
