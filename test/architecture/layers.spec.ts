import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The graphs of eslint.config.js (LAYERS): who may import whom. */
interface Layers {
  readonly libs: Readonly<Record<string, readonly string[]>>;
  readonly apps: Readonly<Record<string, readonly string[]>>;
  readonly composition: {
    readonly imports: Readonly<Record<string, readonly string[]>>;
    readonly files: readonly string[];
  };
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

/** A glob of LAYERS.composition.files (`**` any folders, `*` any name part) as a test of a path from the root. */
function globTest(glob: string): (path: string) => boolean {
  const pattern = glob
    .split('**/')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('(?:[^/]+/)*');
  const regex = new RegExp(`^${pattern}$`);
  return (path) => regex.test(path);
}

const COMPOSITION = LAYERS.composition.files.map(globTest);

/** Whether `file` wires its process (LAYERS.composition): a Nest module, an entry or start-up file. */
function isComposition(file: string): boolean {
  const path = relative(ROOT, file).split(sep).join('/');
  return COMPOSITION.some((test) => test(path));
}

/**
 * Which libraries each library (or app) imports through `#libs/<name>`; for apps, `files` picks
 * the composition files or the others.
 */
function libraryGraph(parent: 'libs' | 'apps', files: 'all' | 'composition' | 'other' = 'all'): Graph {
  const graph = new Map<string, Set<string>>();
  for (const name of readdirSync(join(ROOT, parent))) {
    const edges = new Set<string>();
    for (const file of sources(join(ROOT, parent, name)))
      for (const specifier of files === 'all' || isComposition(file) === (files === 'composition')
        ? specifiers(file)
        : []) {
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
    const graph = libraryGraph('apps', 'other');
    expect([...graph.keys()].sort()).toEqual(Object.keys(LAYERS.apps).sort());
    expect(undeclared(graph, declared(LAYERS.apps))).toEqual([]);
  });

  it('only the composition files of an app import #libs/db or #libs/connectors (they wire its process)', () => {
    const graph = libraryGraph('apps', 'composition');
    expect(Object.keys(LAYERS.composition.imports).sort()).toEqual(Object.keys(LAYERS.apps).sort());
    const allowed = declared(
      Object.fromEntries(
        Object.entries(LAYERS.apps).map(([app, libs]) => [app, [...libs, ...(LAYERS.composition.imports[app] ?? [])]]),
      ),
    );
    expect(undeclared(graph, allowed)).toEqual([]);
    for (const app of ['api', 'worker']) {
      expect(LAYERS.apps[app]).not.toContain('db');
      expect(LAYERS.apps[app]).not.toContain('connectors');
    }
  });

  it('every composition file exists, and a controller, DTO or processor is none (the check can fail)', () => {
    const files = ['apps', 'libs'].flatMap((parent) => sources(join(ROOT, parent)));
    for (const test of COMPOSITION)
      expect(files.some((file) => test(relative(ROOT, file).split(sep).join('/')))).toBe(true);
    expect(isComposition(join(ROOT, 'apps/api/src/payments/payments.module.ts'))).toBe(true);
    expect(isComposition(join(ROOT, 'apps/api/src/api-app.module.ts'))).toBe(true);
    expect(isComposition(join(ROOT, 'apps/worker/src/create-worker-process.ts'))).toBe(true);
    expect(isComposition(join(ROOT, 'apps/api/src/payments/payments.controller.ts'))).toBe(false);
    expect(isComposition(join(ROOT, 'apps/api/src/payments/dto/initiate-payment.dto.ts'))).toBe(false);
    expect(isComposition(join(ROOT, 'apps/worker/src/payments/poll-payment.processor.ts'))).toBe(false);
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
