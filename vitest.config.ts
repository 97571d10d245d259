import { resolve } from 'node:path';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

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
    include: ['{apps,libs,scripts,test}/**/*.spec.ts'],
    exclude: ['**/node_modules/**', 'dist/**'],
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 90_000,
    reporters: ['default'],
  },
});
