import { availableParallelism } from 'node:os';
import { measure, measureSlice, pool, sliceRate, type LoadOptions, type Slice } from '../lib/measure.js';
import { CPU_GROUPS, OTHERS, cpuBetween, type CpuSnapshot } from '../payments/cpu-accounting.js';
import type { Run } from '../payments/sliced-runs.js';

export interface Load {
  readonly name: string;
  readonly options: LoadOptions;
}

/** Each load's pooled run, and each round's rate per load (req/s, in the loads' order). */
export interface TurnsMeasured {
  readonly runs: readonly Run[];
  readonly roundRates: readonly (readonly number[])[];
}

/**
 * The loads warmed up, then measured in `rounds` slices taken in turns (the first load, the
 * second, ..., then again), so that the gateway's runs and the baseline see the same machine; CPU
 * is counted around each slice. The same method as the Payments bench's four loads, for any list.
 */
export async function measureLoadsInTurns(
  loads: readonly Load[],
  timing: { readonly seconds: number; readonly rounds: number; readonly warmUpSeconds: number },
  cpuSnapshot: () => Promise<CpuSnapshot>,
  hooks: {
    /** After each slice (and warm-up), outside its time: e.g. waiting for the requests it left behind. */
    readonly afterSlice: (load: Load) => Promise<void>;
    readonly onRound: (round: number, rates: readonly number[]) => void;
  },
): Promise<TurnsMeasured> {
  const kinds = loads.map((load) => ({
    ...load,
    slices: [] as Slice[],
    spent: new Map<string, number>(),
    wallMs: 0,
    busyMs: 0,
  }));
  const sliceSeconds = timing.seconds / timing.rounds;
  for (const k of kinds) {
    await measure(`${k.name} (warm-up)`, { ...k.options, seconds: timing.warmUpSeconds });
    await hooks.afterSlice(k);
  }
  const roundRates: number[][] = [];
  for (let round = 1; round <= timing.rounds; round += 1) {
    for (const k of kinds) {
      const before = await cpuSnapshot();
      k.slices.push(await measureSlice({ ...k.options, seconds: sliceSeconds }));
      const after = await cpuSnapshot();
      for (const [group, ms] of cpuBetween(before, after)) k.spent.set(group, (k.spent.get(group) ?? 0) + ms);
      k.wallMs += after.atMs - before.atMs;
      k.busyMs += after.machine.busyMs - before.machine.busyMs;
      await hooks.afterSlice(k);
    }
    const rates = kinds.map((k) => {
      const slice = k.slices[round - 1];
      return slice === undefined ? Number.NaN : sliceRate(slice);
    });
    roundRates.push(rates);
    hooks.onRound(round, rates);
  }
  const runs = kinds.map((k): Run => {
    const figures = pool(k.name, k.options, k.slices);
    return {
      figures,
      seconds: k.wallMs / 1000,
      cpuPerRequest: new Map(
        CPU_GROUPS.map((group) => [group, (k.spent.get(group) ?? 0) / Math.max(1, figures.total)]),
      ),
      machineBusy: k.busyMs / (k.wallMs * availableParallelism()),
      othersShare: (k.spent.get(OTHERS) ?? 0) / (k.wallMs * availableParallelism()),
    };
  });
  return { runs, roundRates };
}
