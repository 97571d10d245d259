import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

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
    // Every medium and e2e file has its own database and queue prefix (test/support/per-file-env.ts).
    // The unit and medium layers run two files at once; e2e files (processes, timing-sensitive
    // bursts) run one at a time (docs/testing.md).
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Pure logic beside the code, the deploy files' checks and the architecture checks: no Postgres, no Redis.
          include: ['{apps,libs,scripts}/**/*.spec.ts', 'test/deploy/**/*.spec.ts', 'test/architecture/**/*.spec.ts'],
          maxWorkers: 2,
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
          maxWorkers: 2,
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
          maxWorkers: 1,
        },
      },
    ],
  },
});
