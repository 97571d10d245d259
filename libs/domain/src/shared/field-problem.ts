/**
 * What a rule says about one field. `path` is relative to the object the rule was given (an
 * empty path means that object itself); callers prefix it (`initiation.creditor.` ...) and show
 * `${path} ${message}`, so a message is a phrase that reads after the field's name
 * ("has an invalid check digit", "must be at most 18 characters").
 */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
  /** `required`: the field is missing; `invalid` (the default): it has a value the rule refuses. */
  readonly kind?: 'required' | 'invalid';
}

export function fieldProblem(path: string, message: string, kind: 'required' | 'invalid' = 'invalid'): FieldProblem {
  return kind === 'required' ? { path, message, kind } : { path, message };
}

/** The problems with `prefix.` put in front of their paths. */
export function underPath(prefix: string, problems: readonly FieldProblem[]): FieldProblem[] {
  return problems.map((problem) => ({ ...problem, path: problem.path === '' ? prefix : `${prefix}.${problem.path}` }));
}

/** `initiation.refId must be ...`: a problem as one sentence. */
export function describeProblem(problem: FieldProblem): string {
  return problem.path === '' ? problem.message : `${problem.path} ${problem.message}`;
}
