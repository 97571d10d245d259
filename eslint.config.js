import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'libs/db/src/generated/**',
      'apps/sandbox-bank/src/generated/**',
      '.data/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through loadConfig() (libs/common/src/config).',
        },
        {
          selector: "TSAsExpression > TSTypeReference.typeAnnotation[typeName.name='MemberId']",
          message: 'A MemberId comes from its producers only (see libs/domain/src/identifiers/member-id.ts).',
        },
      ],
    },
  },
  {
    // The producers of MemberId: they may make one from a string; the environment rule still holds.
    files: [
      'libs/auth/src/authenticated-member-id.ts',
      'apps/api/src/admin/admin-member-id.ts',
      'apps/api/src/payment-links/payment-link-owner-id.ts',
      'libs/application/src/payouts/settlement-account-owner-id.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through loadConfig() (libs/common/src/config).',
        },
      ],
    },
  },
  {
    // Where the environment is legitimately read: the config loader, the tracing preload, the
    // launcher that passes it to child processes, tests and benchmarks.
    files: [
      'libs/common/src/config/load-config.ts',
      'libs/observability/src/otel-register.ts',
      'scripts/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      '**/*.spec.ts',
      'prisma.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // No bank protocol's code imports another's: what they share lives outside their folders.
  ...['obie', 'berlin-group'].map((protocol) => ({
    files: [`libs/connectors/src/${protocol}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/obie/**', '**/berlin-group/**', `!**/${protocol}/**`],
              message: 'A protocol imports no other protocol; move what they share out of the protocol folders.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
