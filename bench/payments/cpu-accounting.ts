import { performance } from 'node:perf_hooks';
import type { BenchChild } from '../lib/bench-child.js';
import { descendantsOf, machineCpu, readProcesses, type MachineCpu } from '../lib/cpu.js';

export interface CpuSnapshot {
  readonly atMs: number;
  readonly machine: MachineCpu;
  /** Every process by pid, in its group (this bench's processes, or OTHERS). */
  readonly processes: ReadonlyMap<number, { readonly group: string; readonly cpuMs: number }>;
}

export const OTHERS = 'other processes on the machine';
const INTERRUPTS = 'kernel interrupts (loopback networking)';

/** The groups the CPU figures are printed for, in this order. */
export const CPU_GROUPS = [
  'baseline server',
  'api',
  'sandbox bank',
  'Postgres',
  'Redis',
  'autocannon (bench process)',
  INTERRUPTS,
  OTHERS,
] as const;

/**
 * CPU ms each group spent between two snapshots, counted per pid (a Postgres backend that exits
 * in between takes its CPU with it; it must not count as negative), plus interrupt time.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const byGroup = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    const ms = Math.max(0, now.cpuMs - (before.processes.get(pid)?.cpuMs ?? 0));
    byGroup.set(now.group, (byGroup.get(now.group) ?? 0) + ms);
  }
  byGroup.set(INTERRUPTS, after.machine.interruptsMs - before.machine.interruptsMs);
  return byGroup;
}

/** Takes snapshots that put each process of the machine in its group: the bench's servers by pid, the rest by name. */
export function cpuSnapshots(servers: {
  readonly api: BenchChild;
  readonly bank: BenchChild;
  readonly baseline: BenchChild;
}): () => Promise<CpuSnapshot> {
  const { api, bank, baseline } = servers;
  return async () => {
    const [processes, machine] = await Promise.all([readProcesses(), machineCpu()]);
    const ours = descendantsOf(process.pid, processes);
    const apiWorkerPids = descendantsOf(api.pid, processes);
    const ourProcesses = new Map<number, { group: string; cpuMs: number }>();
    for (const p of processes) {
      const group =
        p.pid !== process.pid && !ours.has(p.pid)
          ? OTHERS
          : p.pid === process.pid
            ? 'autocannon (bench process)'
            : p.pid === api.pid || apiWorkerPids.has(p.pid)
              ? 'api'
              : p.pid === bank.pid
                ? 'sandbox bank'
                : p.pid === baseline.pid
                  ? 'baseline server'
                  : p.comm === 'postgres'
                    ? 'Postgres'
                    : p.comm.startsWith('redis')
                      ? 'Redis'
                      : 'other bench processes';
      ourProcesses.set(p.pid, { group, cpuMs: p.cpuMs });
    }
    return { atMs: performance.now(), machine, processes: ourProcesses };
  };
}
