/**
 * A status machine as data: for each status, the statuses it may move to. A status with no
 * onward moves is final, and final statuses are absorbing.
 */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

export class IllegalTransitionError<S extends string> extends Error {
  constructor(
    readonly machine: string,
    readonly from: S,
    readonly to: S,
  ) {
    super(`${machine}: ${from} -> ${to} is not an allowed transition`);
    this.name = 'IllegalTransitionError';
  }
}

/** What recording a proposed status does: move, stay (same status, new details), or refuse. */
export type MoveDecision = 'move' | 'stay' | 'refuse';

export interface StatusMachine<S extends string> {
  readonly name: string;
  readonly statuses: readonly S[];
  canMove(from: S, to: S): boolean;
  assertTransition(from: S, to: S): void;
  isFinal(status: S): boolean;
  /** Final statuses refuse everything (also staying); the same status stays; other moves follow the table. */
  decide(from: S, to: S): MoveDecision;
}

export function defineStatusMachine<S extends string>(name: string, table: TransitionTable<S>): StatusMachine<S> {
  const statuses = Object.keys(table) as S[];
  for (const from of statuses) {
    for (const to of table[from]) {
      if (!Object.hasOwn(table, to)) throw new Error(`${name}: ${from} -> ${to} names an unknown status`);
    }
  }
  const canMove = (from: S, to: S): boolean => table[from].includes(to);
  const isFinal = (status: S): boolean => table[status].length === 0;
  return {
    name,
    statuses,
    canMove,
    assertTransition(from, to) {
      if (!canMove(from, to)) throw new IllegalTransitionError(name, from, to);
    },
    isFinal,
    decide(from, to) {
      if (isFinal(from)) return 'refuse';
      if (from === to) return 'stay';
      return canMove(from, to) ? 'move' : 'refuse';
    },
  };
}
