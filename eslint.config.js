import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

/**
 * The layers and the folders inside them, as data: who may import whom. `npm run lint` turns each
 * entry into `no-restricted-imports` patterns for its files; `test/architecture/layers.spec.ts`
 * checks that the graphs have no cycle and that the code's imports stay inside them.
 *
 * - libs: a library imports the libraries listed (through `#libs/<name>`, never by a relative path
 *   into another library or an app, and never its own alias). Layers, top down: apps ->
 *   application -> db, connectors, events, auth -> secrets -> common -> observability ->
 *   domain; postgres stands alone. connectors read the stored bank's type from db.
 * - apps: an app imports the libraries listed, and no other app. apps/api and apps/worker reach
 *   the database and the banks only through libs/application: their controllers, DTOs, guards,
 *   pages and processors import neither #libs/db nor #libs/connectors.
 * - composition: the files that wire a process (its Nest modules, its entry and start-up files,
 *   the loops its entry starts) may import, besides their app's libraries, the ones listed for
 *   their app: they provide the repositories and connectors the use cases are built with.
 * - domainFolders / applicationFolders: a folder of libs/domain/src or libs/application/src imports
 *   its kernel (`shared` and the small vocabularies every domain speaks) and the folders listed,
 *   nothing else, by relative path. Files at the root of the library (index.ts) may import every
 *   folder.
 * - apiFolders: a folder of apps/api/src imports the shared API folders and the folders listed.
 *   A kernel folder imports only the folders listed for it.
 */
export const LAYERS = {
  libs: {
    domain: [],
    postgres: [],
    observability: ['domain'],
    common: ['observability', 'domain'],
    secrets: ['common'],
    db: ['common', 'domain', 'postgres', 'secrets'],
    connectors: ['common', 'domain', 'db', 'secrets'],
    events: ['common', 'db', 'domain', 'secrets'],
    auth: ['common', 'db', 'domain'],
    application: ['auth', 'common', 'connectors', 'db', 'domain', 'events', 'secrets', 'observability'],
  },
  apps: {
    api: ['application', 'auth', 'common', 'domain', 'events', 'observability', 'secrets'],
    worker: ['application', 'common', 'domain', 'events', 'observability', 'secrets'],
    'sandbox-bank': ['common', 'domain', 'observability', 'postgres'],
  },
  composition: {
    imports: { api: ['connectors', 'db'], worker: ['connectors', 'db'], 'sandbox-bank': [] },
    files: ['apps/*/src/**/*.module.ts', 'apps/*/src/main.ts', 'apps/*/src/create-*-process.ts'],
  },
  domainKernel: ['shared', 'identifiers', 'status-machine', 'money'],
  domainFolders: {
    shared: [],
    identifiers: [],
    'status-machine': [],
    money: [],
    keys: [],
    banks: [],
    'consent-callback': [],
    'bank-truth': [],
    payments: [],
    tokens: [],
    transfers: ['tokens', 'banks'],
    'sub-tpps': [],
    'tokenized-accounts': [],
    'payment-links': [],
    vrp: [],
    'vrp-consents': ['vrp'],
    refunds: [],
    'account-information': [],
    settlement: ['payments', 'transfers'],
    payouts: [],
    'settlement-rules': [],
  },
  applicationKernel: ['paging', 'bank-calls', 'lifecycle', 'browser-paths'],
  applicationFolders: {
    paging: [],
    'bank-calls': [],
    lifecycle: [],
    'browser-paths': [],
    banks: [],
    webhooks: [],
    members: [],
    maintenance: [],
    'status-history': [],
    'bank-truth': [],
    idempotency: [],
    'sealed-records': [],
    'sub-tpps': [],
    'tokenized-accounts': [],
    'settlement-providers': [],
    payments: ['sub-tpps', 'tokenized-accounts', 'bank-truth', 'banks'],
    'payment-links': ['payments', 'sub-tpps'],
    transfers: ['payments', 'bank-truth'],
    tokens: ['payments', 'transfers', 'settlement', 'bank-truth', 'sub-tpps', 'banks'],
    'vrp-consents': ['payments', 'sub-tpps'],
    vrps: ['payments', 'vrp-consents', 'bank-truth', 'sub-tpps'],
    refunds: ['payments', 'bank-truth'],
    'account-information': ['payments', 'transfers'],
    settlement: ['payments', 'transfers', 'settlement-providers', 'sub-tpps'],
    payouts: ['payments', 'settlement-providers', 'bank-truth', 'sub-tpps'],
    'settlement-rules': ['payouts'],
    'operator-resolutions': ['bank-truth', 'payouts', 'refunds'],
    console: [],
  },
  apiShared: ['shared', 'query-params', 'idempotency'],
  apiFolders: {
    shared: [],
    'query-params': ['shared'],
    idempotency: [],
    accounts: [],
    admin: ['keys', 'webhooks'],
    banks: [],
    console: ['admin', 'keys'],
    docs: ['payments'],
    health: [],
    keys: [],
    logos: [],
    'payment-links': [],
    payments: [],
    payouts: [],
    refunds: [],
    reports: ['banks'],
    'settlement-rules': [],
    'sub-tpps': [],
    'token-authorization': ['webhooks'],
    'token-requests': [],
    'tokenized-accounts': [],
    tokens: [],
    transfers: [],
    'virtual-accounts': [],
    'vrp-consents': ['banks'],
    vrps: [],
    webhooks: [],
  },
};

const LIBS = Object.keys(LAYERS.libs);

/** A library imports other libraries through their alias only: no relative path out of it. */
const NO_RELATIVE_ESCAPE = {
  regex: '^\\.{1,2}/(.*/)?(libs|apps|src)/',
  message: 'Import another library through its #libs/<name> alias, and no app from a library.',
};

function libraryPatterns(lib) {
  const refused = LIBS.filter((other) => !LAYERS.libs[lib].includes(other));
  return [
    {
      regex: `^#libs/(${refused.join('|')})$`,
      message: `libs/${lib} imports only ${LAYERS.libs[lib].map((l) => `#libs/${l}`).join(', ') || 'no other library'} (LAYERS.libs in eslint.config.js).`,
    },
    NO_RELATIVE_ESCAPE,
  ];
}

/** An app's patterns; `composition` for the files that wire its process (LAYERS.composition). */
function appPatterns(app, composition = false) {
  const allowed = [...LAYERS.apps[app], ...(composition ? LAYERS.composition.imports[app] : [])];
  const refused = LIBS.filter((lib) => !allowed.includes(lib));
  const where = composition ? `The composition files of apps/${app}` : `apps/${app}`;
  const why = composition
    ? '(LAYERS.apps and LAYERS.composition in eslint.config.js)'
    : '(LAYERS.apps in eslint.config.js): reach repositories and connectors through a use case of #libs/application; only the composition files (LAYERS.composition) wire them';
  return [
    ...(refused.length === 0
      ? []
      : [
          {
            regex: `^#libs/(${refused.join('|')})$`,
            message: `${where} ${composition ? 'import' : 'imports'} only ${allowed.map((l) => `#libs/${l}`).join(', ')} ${why}.`,
          },
        ]),
    {
      group: Object.keys(LAYERS.apps)
        .filter((other) => other !== app)
        .map((other) => `**/apps/${other}/**`),
      message: 'No app imports another app.',
    },
  ];
}

/** A folder's relative imports of the sibling folders it is not declared to depend on. */
function folderPatterns(where, folders, kernel, folder) {
  const ownKernel = kernel.includes(folder) ? [] : kernel;
  const allowed = new Set([folder, ...ownKernel, ...folders[folder]]);
  const refused = Object.keys(folders).filter((other) => !allowed.has(other));
  if (refused.length === 0) return [];
  return [
    {
      regex: `^(\\.\\./)+(${refused.join('|')})/`,
      message: `${where}/${folder} imports only ${[...ownKernel, ...folders[folder]].join(', ') || 'nothing'} among its sibling folders (the graph in eslint.config.js, LAYERS). Move what both need to the kernel, or plug in through the other's extension port.`,
    },
  ];
}

const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ...(ignores.length === 0 ? {} : { ignores }),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/** The composition files of `app` (LAYERS.composition.files), as globs of its own. */
const compositionOf = (app) =>
  LAYERS.composition.files
    .map((glob) => glob.replace(/^apps\/\*\//, `apps/${app}/`))
    .filter((glob) => glob.startsWith(`apps/${app}/`));

/** The protocol folders of libs/connectors: neither imports the other. */
const PROTOCOLS = ['obie', 'berlin-group'];
const protocolPattern = (protocol) => ({
  group: ['**/obie/**', '**/berlin-group/**', `!**/${protocol}/**`],
  message: 'A protocol imports no other protocol; move what they share out of the protocol folders.',
});

const LAYER_RULES = [
  ...LIBS.map((lib) => restrictImports([`libs/${lib}/**/*.ts`], libraryPatterns(lib))),
  // The SDK is packed and used on its own: it imports its dependencies, never the gateway's code.
  restrictImports(
    ['packages/**/*.ts'],
    [
      {
        regex: '^(#libs/|(\\.\\./){2,})',
        message: 'A package stands alone: it imports its own files and its dependencies, not the gateway.',
      },
    ],
  ),
  ...Object.keys(LAYERS.apps).flatMap((app) => [
    restrictImports([`apps/${app}/**/*.ts`], appPatterns(app), compositionOf(app)),
    restrictImports(compositionOf(app), appPatterns(app, true)),
  ]),
  ...Object.keys(LAYERS.domainFolders).map((folder) =>
    restrictImports(
      [`libs/domain/src/${folder}/**/*.ts`],
      [
        ...libraryPatterns('domain'),
        ...folderPatterns('libs/domain/src', LAYERS.domainFolders, LAYERS.domainKernel, folder),
      ],
    ),
  ),
  ...Object.keys(LAYERS.applicationFolders).map((folder) =>
    restrictImports(
      [`libs/application/src/${folder}/**/*.ts`],
      [
        ...libraryPatterns('application'),
        ...folderPatterns('libs/application/src', LAYERS.applicationFolders, LAYERS.applicationKernel, folder),
      ],
    ),
  ),
  ...Object.keys(LAYERS.apiFolders).flatMap((folder) => {
    const folderRule = folderPatterns('apps/api/src', LAYERS.apiFolders, LAYERS.apiShared, folder);
    return [
      restrictImports([`apps/api/src/${folder}/**/*.ts`], [...appPatterns('api'), ...folderRule], compositionOf('api')),
      restrictImports(
        compositionOf('api')
          .map((glob) => glob.replace(/^apps\/api\/src\/\*\*\//, `apps/api/src/${folder}/**/`))
          .filter((glob) => glob.startsWith(`apps/api/src/${folder}/`)),
        [...appPatterns('api', true), ...folderRule],
      ),
    ];
  }),
  ...PROTOCOLS.map((protocol) =>
    restrictImports(
      [`libs/connectors/src/${protocol}/**/*.ts`],
      [...libraryPatterns('connectors'), protocolPattern(protocol)],
    ),
  ),
];

/**
 * No status is cast (`x as PaymentStatus`, `x as ScaStatus | undefined`): a status column is read
 * as its domain's status by its repository (libs/db/src/status-column.ts), a code a bank sends is
 * looked up in its code set, a query's value is checked against its list.
 */
const NO_STATUS_CASTS = ['TSAsExpression', 'TSTypeAssertion'].flatMap((assertion) =>
  [
    `${assertion} > TSTypeReference.typeAnnotation[typeName.name=/Status$/]`,
    `${assertion} > TSUnionType.typeAnnotation > TSTypeReference[typeName.name=/Status$/]`,
  ].map((selector) => ({
    selector,
    message:
      'Do not cast a status: repositories answer their status columns typed (libs/db/src/status-column.ts); parse other values against their list.',
  })),
);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'libs/db/src/generated/**',
      'packages/*/dist/**',
      'packages/sdk/src/generated/**',
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
        ...NO_STATUS_CASTS,
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
        ...NO_STATUS_CASTS,
      ],
    },
  },
  {
    // Where the environment is legitimately read: the config loader, the tracing preload, the
    // launcher that passes it to child processes, tests, their runner's config and benchmarks.
    files: [
      'libs/common/src/config/load-config.ts',
      'libs/observability/src/otel-register.ts',
      'scripts/**/*.ts',
      'test/**/*.ts',
      'bench/**/*.ts',
      '**/*.spec.ts',
      'prisma.config.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // The layers and folder graphs (LAYERS above), and no bank protocol importing another.
  ...LAYER_RULES,
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
