import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';
import { SlowestFirst } from './test/support/slowest-first.js';

/** Test files that need the real servers: the medium and e2e layers (see docs/testing.md). */
const SERVERS = ['test/support/global-setup.ts'];

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
  resolve: {
    alias: [{ find: /^#libs\/([a-z-]+)$/, replacement: resolve(import.meta.dirname, 'libs/$1/src/index.ts') }],
  },
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
        test: {
          name: 'unit',
          // Pure logic beside the code, the deploy files' checks and the architecture checks: no Postgres, no Redis.
          include: ['{apps,libs,scripts}/**/*.spec.ts', 'test/deploy/**/*.spec.ts', 'test/architecture/**/*.spec.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'medium',
          // Use cases in-process on real repositories, a scripted connector for the bank.
          include: ['test/medium/**/*.spec.ts'],
          globalSetup: SERVERS,
          setupFiles: ['test/support/per-file-env.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // Spawned processes, the sandbox bank over HTTP, chromium.
          include: ['test/e2e/**/*.spec.ts'],
          globalSetup: SERVERS,
          setupFiles: ['test/support/per-file-env.ts'],
        },
      },
    ],
  },
});
