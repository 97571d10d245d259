import { availableParallelism } from 'node:os';
import { measure, measureSlice, pool, sliceRate, type Figures, type LoadOptions, type Slice } from '../lib/measure.js';
import { CPU_GROUPS, OTHERS, cpuBetween, type CpuSnapshot } from './cpu-accounting.js';

/** One load measured in slices taken in turns with the others. */
interface Kind {
  readonly name: string;
  readonly options: LoadOptions;
  readonly slices: Slice[];
  readonly spent: Map<string, number>;
  wallMs: number;
  busyMs: number;
}

export interface Run {
  readonly figures: Figures;
  readonly seconds: number;
  /** CPU ms per answered request, by process group. */
  readonly cpuPerRequest: ReadonlyMap<string, number>;
  /** Share of the machine's cores busy during the run. */
  readonly machineBusy: number;
  /** Share of the machine's cores used by processes that are not this bench's. */
  readonly othersShare: number;
}

/** A round's POST/INSERT and GET/SELECT ratios. */
export interface RoundRatios {
  readonly initiation: number;
  readonly get: number;
}

/** The four loads, in the order they take turns: INSERT, POST, SELECT, GET. */
export interface FourLoads {
  readonly insert: { readonly name: string; readonly options: LoadOptions };
  readonly initiate: { readonly name: string; readonly options: LoadOptions };
  readonly select: { readonly name: string; readonly options: LoadOptions };
  readonly get: { readonly name: string; readonly options: LoadOptions };
}

export interface SlicedRuns {
  readonly baselineInsert: Run;
  readonly initiation: Run;
  readonly baselineSelect: Run;
  readonly lookup: Run;
  readonly roundRatios: readonly RoundRatios[];
}

/**
 * Each load warmed up, then measured in `rounds` slices taken in turns (INSERT, POST, SELECT,
 * GET, then again), so that a gateway run and its baseline see the same machine (its speed
 * drifts within minutes); CPU is counted around each slice.
 */
export async function measureInTurns(
  loads: FourLoads,
  timing: { readonly seconds: number; readonly rounds: number; readonly warmUpSeconds: number },
  cpuSnapshot: () => Promise<CpuSnapshot>,
  log: (line?: string) => void,
): Promise<SlicedRuns> {
  const kind = (name: string, options: LoadOptions): Kind => ({
    name,
    options,
    slices: [],
    spent: new Map(),
    wallMs: 0,
    busyMs: 0,
  });
  const kinds = [loads.insert, loads.initiate, loads.select, loads.get].map((load) => kind(load.name, load.options));
  const sliceSeconds = timing.seconds / timing.rounds;

  for (const k of kinds) await measure(`${k.name} (warm-up)`, { ...k.options, seconds: timing.warmUpSeconds });
  const roundRatios: RoundRatios[] = [];
  for (let round = 1; round <= timing.rounds; round += 1) {
    for (const k of kinds) {
      const before = await cpuSnapshot();
      k.slices.push(await measureSlice({ ...k.options, seconds: sliceSeconds }));
      const after = await cpuSnapshot();
      for (const [group, ms] of cpuBetween(before, after)) k.spent.set(group, (k.spent.get(group) ?? 0) + ms);
      k.wallMs += after.atMs - before.atMs;
      k.busyMs += after.machine.busyMs - before.machine.busyMs;
    }
    const [insert, initiate, select, get] = kinds.map((k) => sliceRate(k.slices[round - 1]));
    const ratios = { initiation: (initiate ?? 0) / (insert ?? 1), get: (get ?? 0) / (select ?? 1) };
    roundRatios.push(ratios);
    log(
      `  round ${round}: INSERT ${Math.round(insert ?? 0)}, POST ${Math.round(initiate ?? 0)} req/s (${ratios.initiation.toFixed(2)}x); SELECT ${Math.round(select ?? 0)}, GET ${Math.round(get ?? 0)} req/s (${ratios.get.toFixed(2)}x)`,
    );
  }
  const toRun = (k: Kind): Run => {
    const figures = pool(k.name, k.options, k.slices);
    const cpuPerRequest = new Map(
      CPU_GROUPS.map((group) => [group, (k.spent.get(group) ?? 0) / Math.max(1, figures.total)]),
    );
    const othersShare = (k.spent.get(OTHERS) ?? 0) / (k.wallMs * availableParallelism());
    log(
      `  measured ${k.name}: ${figures.requestsPerSecond} req/s (other work on the machine used ${Math.round(othersShare * 100)}% of the cores meanwhile)`,
    );
    return {
      figures,
      seconds: k.wallMs / 1000,
      cpuPerRequest,
      machineBusy: k.busyMs / (k.wallMs * availableParallelism()),
      othersShare,
    };
  };
  const [baselineInsert, initiation, baselineSelect, lookup] = kinds.map(toRun) as [Run, Run, Run, Run];
  return { baselineInsert, initiation, baselineSelect, lookup, roundRatios };
}
