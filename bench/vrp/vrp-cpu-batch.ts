import { cpuBetween, CPU_GROUPS, type CpuSnapshot } from '../payments/cpu-accounting.js';

/** VRPs a batch keeps in flight. */
const IN_FLIGHT = 10;

/**
 * CPU ms per VRP by process over a fixed batch (`--cpu-batch=N`): N VRPs, IN_FLIGHT at a time,
 * every one answered and Postgres quiet again before the second snapshot, so the CPU of each VRP
 * is counted whole however slowly a loaded machine answers it (the sliced runs divide a slice's
 * CPU by the answers inside the slice, which a busy machine makes meaningless).
 */
export async function measureCpuPerVrp(
  name: string,
  count: number,
  send: (index: number) => Promise<{ readonly status: number }>,
  snapshot: () => Promise<CpuSnapshot>,
  quiet: () => Promise<unknown>,
  log: (line?: string) => void,
): Promise<void> {
  await quiet();
  const before = await snapshot();
  const started = Date.now();
  let next = 0;
  let failed = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next;
      next += 1;
      const answer = await send(index);
      if (answer.status !== 200) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await quiet();
  const cpu = cpuBetween(before, await snapshot());
  const perVrp = (group: string): string => ((cpu.get(group) ?? 0) / count).toFixed(2);
  log(
    `| ${name} | ${count} in ${((Date.now() - started) / 1000).toFixed(1)} s, ${failed} not 200 | ${CPU_GROUPS.slice(
      1,
      5,
    )
      .map(perVrp)
      .join(' | ')} | ${perVrp(CPU_GROUPS[7])} |`,
  );
}

/** The batch table's head. */
export function printCpuBatchHead(log: (line?: string) => void): void {
  log();
  log(`CPU ms per VRP by process over a fixed batch (${IN_FLIGHT} in flight):`);
  log();
  log(`| run | VRPs | ${CPU_GROUPS.slice(1, 5).join(' | ')} | ${CPU_GROUPS[7]} |`);
  log('|---|---|---|---|---|---|---|');
}
