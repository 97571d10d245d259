import { getMetadataStorage } from 'class-validator';

/** One rule of class-validator's storage (a ValidationMetadata); read only by its own code. */
type ValidationMetadata = object;

type TargetLookup = (
  target: object,
  schema: string | undefined,
  always: boolean,
  strictGroups: boolean,
  groups?: string[],
) => ValidationMetadata[];
type Grouping = (metadatas: ValidationMetadata[]) => Record<string, ValidationMetadata[]>;

/** The parts of class-validator's MetadataStorage this memo wraps (public methods of its class). */
interface Storage {
  getTargetValidationMetadatas: TargetLookup;
  groupByPropertyName: Grouping;
  addValidationMetadata: (metadata: ValidationMetadata) => void;
}

const MEMOISED = Symbol.for('gateway.validation-metadata-memo');

/**
 * Remembers class-validator's answer to "which rules does this class have", per class.
 *
 * class-validator works it out again for every object it validates: it filters the class's rules
 * and walks every class it knows for parents, then groups the rules by property, building new
 * arrays each time. Measured on `POST /v2/payments`, those lookups made 6 % of the bytes the api
 * allocated per initiation. The rules only change when a decorator runs (as a module loads), so
 * the answers are kept until a rule is added. Lookups for validation groups are not kept (the
 * gateway validates without groups). The executor and Nest's pipe only read the arrays.
 *
 * Installed once per process on the global storage (every copy of class-validator shares it).
 */
export function memoiseValidationMetadata(storage: Storage = getMetadataStorage() as unknown as Storage): void {
  const marked = storage as unknown as Record<symbol, boolean>;
  if (marked[MEMOISED] === true) return;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);

  let byTarget = new Map<object, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    if (groups !== undefined && groups.length > 0) return lookup(target, schema, always, strictGroups, groups);
    const key = `${always ? 1 : 0}${strictGroups ? 1 : 0}${schema ?? ''}`;
    let answers = byTarget.get(target);
    if (answers === undefined) {
      answers = new Map();
      byTarget.set(target, answers);
    }
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = lookup(target, schema, always, strictGroups, groups);
      answers.set(key, answer);
    }
    return answer;
  };
  storage.groupByPropertyName = (metadatas) => {
    let answer = grouped.get(metadatas);
    if (answer === undefined) {
      answer = group(metadatas);
      grouped.set(metadatas, answer);
    }
    return answer;
  };
  // A schema's rules arrive through addValidationMetadata too.
  storage.addValidationMetadata = (metadata) => {
    byTarget = new Map();
    grouped = new WeakMap();
    add(metadata);
  };
  marked[MEMOISED] = true;
}
