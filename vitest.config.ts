import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowest-first.js';

/** Test files that need the real servers: the medium and e2e layers (see docs/testing.md). */
const SERVERS = ['test/support/global-setup.ts'];

/** The unit layer runs the sources, `#libs/*` included. */
const SOURCES = {
  alias: [{ find: /^#libs\/([a-z-]+)$/, replacement: resolve(import.meta.dirname, 'libs/$1/src/index.ts') }],
};

/**
 * The medium and e2e layers run the build (`npm run build`, which `npm test`, `test:medium` and
 * `test:e2e` run first): what their files import of the gateway, in-process or spawned, is the
 * built code, loaded by Node as in production instead of transformed and evaluated again for each
 * file. Only the test files and `test/support` are transformed.
 */
const BUILT = {
  alias: [
    { find: /^#libs\/([a-z-]+)$/, replacement: resolve(import.meta.dirname, 'dist/libs/$1/src/index.js') },
    {
      find: /^(?:\.\.\/)+(apps|libs|scripts|bench)\/(.+)\.js$/,
      replacement: resolve(import.meta.dirname, 'dist/$1/$2.js'),
    },
  ],
};

// Every Node process of the run (Vitest's workers, the gateway processes the tests spawn) keeps
// V8's compiled code of the modules it loads in one cache, so the next process that loads them
// skips compiling them again (Node 22.1 and later; an older Node ignores it).
process.env['NODE_COMPILE_CACHE'] ??= resolve(import.meta.dirname, 'node_modules/.cache/node-compile-cache');

// SWC compiles the sources so Nest's decorator metadata is emitted (esbuild does not).
export default defineConfig({
  plugins: [
    swc.vite({
      module: { type: 'es6' },
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      },
    }),
  ],
  test: {
    exclude: ['**/node_modules/**', 'dist/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    reporters: ['default'],
    // Every medium and e2e file has its own database and Redis key prefix
    // (test/support/per-file-env.ts) and takes its ports where no other file does
    // (test/support/free-port.ts). Three files run at once, of every layer in one queue, the
    // longest first: e2e files mostly wait on processes, timers and the bank, so a third keeps
    // the two cores busy (docs/testing.md).
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        extends: true,
        resolve: SOURCES,
        test: {
          name: 'unit',
          // Pure logic holds no state between files, so the files of a worker share one module
          // graph instead of loading it again for each.
          isolate: false,
          // Pure logic beside the code, the deploy files' checks and the architecture checks: no Postgres, no Redis.
          include: [
            '{apps,libs,scripts}/**/*.spec.ts',
            'packages/*/src/**/*.spec.ts',
            'test/deploy/**/*.spec.ts',
            'test/architecture/**/*.spec.ts',
          ],
        },
      },
      {
        extends: true,
        resolve: BUILT,
        test: {
          name: 'medium',
          // Use cases in-process on real repositories, a scripted connector for the bank.
          include: ['test/medium/**/*.spec.ts'],
          server: { deps: { external: [/\/dist\//] } },
          globalSetup: SERVERS,
          setupFiles: ['test/support/per-file-env.ts'],
        },
      },
      {
        extends: true,
        resolve: BUILT,
        test: {
          name: 'e2e',
          // Spawned processes, the sandbox bank over HTTP, chromium.
          include: ['test/e2e/**/*.spec.ts'],
          server: { deps: { external: [/\/dist\//] } },
          globalSetup: SERVERS,
          setupFiles: ['test/support/per-file-env.ts'],
        },
      },
    ],
  },
});
