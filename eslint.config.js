// ESLint flat config: TypeScript rules plus the one-way import boundaries (docs/ARCHITECTURE.md, "Layers and what each may import").
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Builds a no-restricted-imports rule from [pattern, message] pairs. */
const forbid = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([group, message]) => ({ group, message })) }],
});

const VIEW_LAYER = ['@/features/*', '@/app/*', '@/components/*'];
/** Browser code never reaches the Node-only simulator or Node built-ins. */
const NODE_ONLY = [['@/simulator/*', 'socket.io', 'ws', 'node:*'], 'the simulator and Node modules never reach browser code'];
/** The session engine is reached through its one entry, `@/session` (src/session/index.ts), so its files can move freely. */
const SESSION_INSIDE = [['@/session/*'], "import the session engine from '@/session' (src/session/index.ts), never a file inside it"];
const SESSION = ['@/session', '@/session/*'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'bench/out', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-aware rules on shipped and simulator code. Tests are left out: over the whole tree the project
    // service took 85 s of CPU against 56 s for all of `npm run lint` scoped to src/, and found one case.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/protocol/**'],
    rules: forbid(
      [['react', 'react-dom', 'zustand', '@xyflow/*'], 'dialects never import React or stores: protocol/ is pure'],
      [['@/stores', '@/stores/*', '@/ingest/*', '@/transport/*', '@/services/*', ...SESSION, ...VIEW_LAYER, '@/simulator/*'], 'protocol/ imports only zod and lib/'],
      [['@ag-ui/*'], 'the browser dialect uses our own schemas; @ag-ui packages are for the simulator and tests'],
      NODE_ONLY,
    ),
  },
  {
    files: ['src/transport/**'],
    rules: forbid(
      [['zod', '@/protocol/*', '@/stores', '@/stores/*', '@/ingest/*', ...SESSION, ...VIEW_LAYER, 'react'], 'transports carry raw frames only'],
      NODE_ONLY,
    ),
  },
  {
    files: ['src/ingest/**'],
    rules: forbid([['react', 'react-dom', ...VIEW_LAYER], 'ingest has no React and no views'], [SESSION, 'ingest never imports the session: the session drives ingest'], NODE_ONLY),
  },
  {
    // The live and replay session engine: React-free, below the app; the app wires it to React.
    files: ['src/session/**'],
    rules: forbid(
      [['react', 'react-dom', '@xyflow/*', ...VIEW_LAYER, '@/services/*'], 'the session engine has no React and no views: it imports only ingest, protocol, stores, transport and lib'],
      NODE_ONLY,
    ),
  },
  {
    // Services fetch and poll outside React (run lists, connection tests); app/ composes them.
    files: ['src/services/**'],
    rules: forbid([['react', 'react-dom', ...SESSION, ...VIEW_LAYER], 'services have no React and no views; app/ composes them'], NODE_ONLY),
  },
  {
    files: ['src/stores/**'],
    rules: forbid([['@/ingest/*', '@/services/*', ...SESSION, ...VIEW_LAYER], 'stores are written by ingest, the session and services, read by views; they import none of them'], NODE_ONLY),
  },
  {
    files: ['src/features/**', 'src/components/**'],
    rules: forbid(
      [['@/transport/*', '@/ingest/*', ...SESSION, '@/services/*', '@/app/*', 'socket.io-client'], 'views never import transports, ingest, the session, services or the app'],
      NODE_ONLY,
    ),
  },
  {
    files: ['src/components/**'],
    rules: forbid([['@/stores', '@/stores/*', '@/features/*', '@/transport/*', '@/ingest/*', ...SESSION, '@/app/*'], 'ui primitives are context-free'], NODE_ONLY),
  },
  {
    files: ['src/app/**', 'src/main.tsx', 'src/lib/**', 'src/config/**'],
    rules: forbid(NODE_ONLY, SESSION_INSIDE),
  },
  {
    // Files stay small enough to read in one sitting: blank lines are free, comments count (a file that needs
    // 300 lines of explanation has more than one job). Tests may run longer, one topic per file.
    files: ['**/*.ts', '**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: false }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'],
    rules: { 'max-lines': ['error', { max: 450, skipBlankLines: true, skipComments: false }] },
  },
  {
    // Tests and Node tools may reach any layer (they are not shipped to the browser), the session through its entry only.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**', 'scripts/**', 'src/simulator/**', '*.config.ts', '*.config.js'],
    rules: { ...forbid(SESSION_INSIDE), 'no-console': 'off' },
  },
  {
    // Unit tests beside a session file test that file.
    files: ['src/session/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
