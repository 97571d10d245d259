import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The graphs of eslint.config.js (LAYERS): who may import whom. */
interface Layers {
  readonly libs: Readonly<Record<string, readonly string[]>>;
  readonly apps: Readonly<Record<string, readonly string[]>>;
  readonly domainKernel: readonly string[];
  readonly domainFolders: Readonly<Record<string, readonly string[]>>;
  readonly applicationKernel: readonly string[];
  readonly applicationFolders: Readonly<Record<string, readonly string[]>>;
  readonly apiShared: readonly string[];
  readonly apiFolders: Readonly<Record<string, readonly string[]>>;
}

type Graph = ReadonlyMap<string, ReadonlySet<string>>;

const ROOT = resolve(import.meta.dirname, '../..');
const { LAYERS } = (await import(pathToFileURL(join(ROOT, 'eslint.config.js')).href)) as { LAYERS: Layers };

/** Every TypeScript file under `dir` (generated code left out). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*'([^']+)'/g;

function specifiers(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => match[1] ?? '');
}

/** The folders of `base` and which of them their files import by relative path (the root's files left out). */
function folderGraph(base: string): Graph {
  const dir = join(ROOT, base);
  const folderOf = (file: string): string | undefined => {
    const parts = relative(dir, file).split(sep);
    return parts.length > 1 && !parts[0]?.startsWith('..') ? parts[0] : undefined;
  };
  const graph = new Map<string, Set<string>>();
  for (const file of sources(dir)) {
    const from = folderOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const specifier of specifiers(file)) {
      if (!specifier.startsWith('.')) continue;
      const to = folderOf(resolve(dirname(file), specifier));
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Which libraries each library (or app) imports through `#libs/<name>`. */
function libraryGraph(parent: 'libs' | 'apps'): Graph {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(join(ROOT, parent))) {
    const edges = new Set<string>();
    for (const file of sources(join(ROOT, parent, name)))
      for (const specifier of specifiers(file)) {
        const lib = /^#libs\/([a-z-]+)$/.exec(specifier)?.[1];
        if (lib !== undefined && !(parent === 'libs' && lib === name)) edges.add(lib);
      }
    graph.set(name, edges);
  }
  return graph;
}

function declared(record: Readonly<Record<string, readonly string[]>>, kernel: readonly string[] = []): Graph {
  return new Map(
    Object.entries(record).map(([name, deps]) => [name, new Set([...deps, ...(kernel.includes(name) ? [] : kernel)])]),
  );
}

/** A cycle of the graph, as the path that closes it, or undefined. */
function cycleOf(graph: Graph): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next, [...path, node]);
      if (cycle !== undefined) return cycle;
    }
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node, []);
    if (cycle !== undefined) return cycle;
  }
  return undefined;
}

/** The imports of `actual` the declared graph does not allow, as "from -> to". */
function undeclared(actual: Graph, allowed: Graph): string[] {
  return [...actual].flatMap(([from, edges]) =>
    [...edges].filter((to) => !(allowed.get(from)?.has(to) ?? false)).map((to) => `${from} -> ${to}`),
  );
}

const GRAPHS = [
  { name: 'libraries', actual: () => libraryGraph('libs'), allowed: declared(LAYERS.libs) },
  {
    name: 'libs/domain/src folders',
    actual: () => folderGraph('libs/domain/src'),
    allowed: declared(LAYERS.domainFolders, LAYERS.domainKernel),
  },
  {
    name: 'libs/application/src folders',
    actual: () => folderGraph('libs/application/src'),
    allowed: declared(LAYERS.applicationFolders, LAYERS.applicationKernel),
  },
  {
    name: 'apps/api/src folders',
    actual: () => folderGraph('apps/api/src'),
    allowed: declared(LAYERS.apiFolders, LAYERS.apiShared),
  },
] as const;

describe('layers (LAYERS in eslint.config.js)', () => {
  describe.each(GRAPHS)('$name', ({ actual, allowed }) => {
    it('the declared graph has no cycle', () => {
      expect(cycleOf(allowed)).toBeUndefined();
    });

    it('every folder is declared, and the imports stay inside the declared graph (so they have no cycle either)', () => {
      const graph = actual();
      expect([...graph.keys()].filter((name) => !allowed.has(name))).toEqual([]);
      expect(undeclared(graph, allowed)).toEqual([]);
      expect(cycleOf(graph)).toBeUndefined();
    });
  });

  it('apps import only the libraries declared for them, and no other app', () => {
    const graph = libraryGraph('apps');
    expect([...graph.keys()].sort()).toEqual(Object.keys(LAYERS.apps).sort());
    expect(undeclared(graph, declared(LAYERS.apps))).toEqual([]);
  });

  it('finds a cycle where there is one (the check can fail)', () => {
    const graph: Graph = new Map([
      ['payments', new Set(['vrps'])],
      ['vrps', new Set(['payments'])],
    ]);
    expect(cycleOf(graph)).toEqual(['payments', 'vrps', 'payments']);
    expect(undeclared(graph, declared({ payments: [], vrps: ['payments'] }))).toEqual(['payments -> vrps']);
  });
});
