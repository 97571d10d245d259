import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';

/** Linux reports process CPU in clock ticks; USER_HZ is 100 on every mainstream kernel build. */
const MS_PER_TICK = 10;

export interface ProcessCpu {
  readonly pid: number;
  readonly ppid: number;
  readonly comm: string;
  /** User + system CPU since the process started, all threads. */
  readonly cpuMs: number;
}

/** Every process in /proc with its parent and CPU so far (Linux only; empty elsewhere). */
export async function readProcesses(): Promise<ProcessCpu[]> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return [];
  }
  const processes: ProcessCpu[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = await readFile(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone in between
    }
    // pid (comm) state ppid ... utime stime: comm may hold spaces and parentheses.
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    processes.push({
      pid: Number(entry),
      ppid: Number(fields[1]),
      comm: stat.slice(open + 1, close),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK,
    });
  }
  return processes;
}

/** The pids below `root` (children, grandchildren, ...), root excluded. */
export function descendantsOf(root: number, processes: readonly ProcessCpu[]): Set<number> {
  const found = new Set<number>();
  let frontier = [root];
  while (frontier.length > 0) {
    const parents = new Set(frontier);
    frontier = processes.filter((p) => parents.has(p.ppid) && !found.has(p.pid)).map((p) => p.pid);
    for (const pid of frontier) found.add(pid);
  }
  return found;
}

export interface MachineCpu {
  /** All cores: user, nice, system, irq and softirq time (not idle, not steal). */
  readonly busyMs: number;
  /** Interrupt handling not charged to a process (loopback networking shows up here). */
  readonly interruptsMs: number;
  /** Time the hypervisor gave the cores to someone else. */
  readonly stealMs: number;
}

/** CPU time of the whole machine so far, from /proc/stat; NaN when unreadable. */
export async function machineCpu(): Promise<MachineCpu> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? '';
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return {
      busyMs: (user + nice + system + irq + softirq) * MS_PER_TICK,
      interruptsMs: (irq + softirq) * MS_PER_TICK,
      stealMs: steal * MS_PER_TICK,
    };
  } catch {
    return { busyMs: Number.NaN, interruptsMs: Number.NaN, stealMs: Number.NaN };
  }
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

export interface ProfileSummary {
  /** Sampled time the process was not idle. */
  readonly busyMs: number;
  /** Self time by package (node_modules), Node core, project folder or V8 pseudo-frame. */
  readonly byArea: readonly { readonly area: string; readonly ms: number }[];
  /** Functions with the most self time. */
  readonly topSelf: readonly { readonly fn: string; readonly ms: number }[];
  /** Project functions (apps/, libs/) by time including what they call synchronously. */
  readonly topProjectInclusive: readonly { readonly fn: string; readonly ms: number }[];
}

/** The area a frame belongs to: `pg`, `@prisma/client`, `node: core`, `project libs/auth`, `(garbage collector)`... */
export function areaOf(url: string, functionName: string): string {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first = '', second = ''] = url.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (url.startsWith('node:')) return url.includes('undici') ? 'node: undici (fetch)' : 'node: core';
  const dist = url.indexOf('/dist/');
  if (dist >= 0) {
    const parts = url.slice(dist + '/dist/'.length).split('/');
    if (parts[0] === 'libs' && parts[2] === 'src' && parts[3] === 'generated')
      return 'project libs/db generated (Prisma)';
    return `project ${parts.slice(0, 2).join('/')}`;
  }
  return url;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const modules = url.lastIndexOf('/node_modules/');
  const dist = url.indexOf('/dist/');
  const where =
    modules >= 0 ? url.slice(modules + '/node_modules/'.length) : dist >= 0 ? url.slice(dist + '/dist/'.length) : url;
  return `${functionName === '' ? '(anonymous)' : functionName} ${where === '' ? '' : `${where}:${lineNumber + 1}`}`.trim();
}

function top(totals: Map<string, number>, count: number): { fn: string; ms: number }[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, ms]) => ({ fn, ms: Math.round(ms) }));
}

/** Self and inclusive time of a V8 CPU profile, idle time left out. */
export function summariseProfile(profile: CpuProfile): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    const id = samples[i] ?? 0;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  const byArea = new Map<string, number>();
  const bySelf = new Map<string, number>();
  let busyMs = 0;
  for (const [id, ms] of selfMs) {
    const node = byId.get(id);
    if (node === undefined || node.callFrame.functionName === '(idle)') continue;
    busyMs += ms;
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
    const name = frameName(node);
    bySelf.set(name, (bySelf.get(name) ?? 0) + ms);
  }
  // Inclusive time per project function, counted once per stack even when it recurses.
  const inclusive = new Map<string, number>();
  const onStack = new Map<string, number>();
  const visit = (node: ProfileNode): number => {
    const { url } = node.callFrame;
    const isProject = url.includes('/dist/') && !url.includes('/node_modules/') && !url.includes('/dist/bench/');
    const name = isProject ? frameName(node) : '';
    if (isProject) onStack.set(name, (onStack.get(name) ?? 0) + 1);
    let total = node.callFrame.functionName === '(idle)' ? 0 : (selfMs.get(node.id) ?? 0);
    for (const childId of node.children ?? []) {
      const child = byId.get(childId);
      if (child !== undefined) total += visit(child);
    }
    if (isProject) {
      const depth = (onStack.get(name) ?? 1) - 1;
      onStack.set(name, depth);
      if (depth === 0) inclusive.set(name, (inclusive.get(name) ?? 0) + total);
    }
    return total;
  };
  const root = profile.nodes[0];
  if (root !== undefined) visit(root);
  return {
    busyMs: Math.round(busyMs),
    byArea: [...byArea].sort((a, b) => b[1] - a[1]).map(([area, ms]) => ({ area, ms: Math.round(ms) })),
    topSelf: top(bySelf, 25),
    topProjectInclusive: top(inclusive, 25),
  };
}

/** Samples this process's CPU (V8 profiler, in-process) between start() and stop(). */
export class InProcessProfiler {
  private session: Session | undefined;

  async start(): Promise<void> {
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
    this.session = session;
  }

  async stop(): Promise<ProfileSummary> {
    const session = this.session;
    if (session === undefined) throw new Error('the profiler was not started');
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    this.session = undefined;
    const dir = process.env['BENCH_PROFILE_DIR'];
    if (dir !== undefined && dir !== '')
      await writeFile(join(dir, `${process.pid}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    return summariseProfile(profile);
  }
}
