/**
 * The fault plan of a bank-truth run: which flow each operation drives and which fault it meets,
 * drawn from a seed so a run can be repeated.
 */

/** The money-moving flows the checker drives. */
export const FLOWS = [
  'uk-redirect-payment',
  'uk-decoupled-payment',
  'bg-redirect-payment',
  'bg-decoupled-payment',
  'bg-embedded-payment',
  'uk-vrp',
  'uk-refund',
  'payout',
  'payment-link',
  'uk-v1-transfer',
  'bg-v1-transfer',
] as const;
export type Flow = (typeof FLOWS)[number];

/** What can go wrong around an operation. */
export const FAULT_KINDS = [
  'none',
  /** The bank executes the money-moving call and its answer is lost (503 or connection closed). */
  'lost-answer',
  /** The bank executes the money-moving call and answers seconds later. */
  'late-answer',
  /** The user's browser comes back to the gateway's callback twice, one after the other. */
  'double-callback',
  /** The user's browser comes back to the gateway's callback twice at once. */
  'concurrent-callback',
  /** The user approves at the bank and never comes back to the gateway. */
  'never-return',
  /** The api is killed (SIGKILL) at a random moment of the operation, then restarted. */
  'kill-api',
  /** The worker is killed (SIGKILL) at a random moment of the operation, then restarted. */
  'kill-worker',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface PlannedOperation {
  readonly index: number;
  readonly flow: Flow;
  readonly fault: FaultKind;
  /** Milliseconds into the operation a kill strikes (kill faults). */
  readonly killAfterMs: number;
}

/** A small seeded generator (mulberry32): the same seed draws the same plan. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The flows whose user comes back to the gateway through the browser (after a redirect to the bank). */
const BROWSER_FLOWS: ReadonlySet<Flow> = new Set<Flow>([
  'uk-redirect-payment',
  'bg-redirect-payment',
  'payment-link',
  'uk-v1-transfer',
  'bg-v1-transfer',
]);

/** Which flows a fault can meet: callbacks only where the user comes back through the browser. */
export function faultFits(flow: Flow, fault: FaultKind): boolean {
  const browser = BROWSER_FLOWS.has(flow);
  if (fault === 'double-callback' || fault === 'concurrent-callback' || fault === 'never-return') return browser;
  return true;
}

/**
 * `operations` operations over the given flows and faults: first each flow once under a fault
 * drawn from those that fit it (so a run of as many operations as flows covers every flow), then
 * each fitting pair drawn alike, every pair once before any comes twice.
 */
export function planOperations(
  operations: number,
  seed: number,
  flows: readonly Flow[] = FLOWS,
  faults: readonly FaultKind[] = FAULT_KINDS,
): PlannedOperation[] {
  const random = seededRandom(seed);
  const pairs = flows.flatMap((flow) =>
    faults.filter((fault) => faultFits(flow, fault)).map((fault) => ({ flow, fault })),
  );
  if (pairs.length === 0) return [];
  const planned: PlannedOperation[] = [];
  const first = shuffled(flows, random).flatMap((flow) => {
    const fitting = pairs.filter((pair) => pair.flow === flow);
    const pair = fitting[Math.floor(random() * fitting.length)];
    return pair === undefined ? [] : [pair];
  });
  let round: { flow: Flow; fault: FaultKind }[] = first.reverse();
  for (let index = 0; index < operations; index++) {
    if (round.length === 0) round = shuffled(pairs, random);
    const pair = round.pop() as { flow: Flow; fault: FaultKind };
    planned.push({ index, ...pair, killAfterMs: Math.floor(random() * 1500) });
  }
  return planned;
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = copy[i];
    copy[i] = copy[j];
    copy[j] = swap;
  }
  return copy;
}
